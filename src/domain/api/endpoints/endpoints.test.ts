import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { EndpointShape } from '../endpoint';
import * as groups from './index';

type Described = EndpointShape & { export?: EndpointShape };

/** Every description, a list's export beside its page. */
const all: [string, EndpointShape][] = Object.entries(groups).flatMap(([group, endpoints]) =>
  Object.entries(endpoints as Record<string, Described>).flatMap(([name, endpoint]) => {
    const own: [string, EndpointShape] = [`${group}.${name}`, endpoint];
    if (!endpoint.export) return [own];
    const exported: [string, EndpointShape] = [`${group}.${name}.export`, endpoint.export];
    return [own, exported];
  }),
);

describe('the endpoint descriptions', () => {
  it('name each method and path once', () => {
    const seen = all.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(seen.length).toBeGreaterThan(50);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('give each path parameter a schema, and no schema to a parameter the path lacks', () => {
    const mismatched: string[] = [];
    for (const [name, endpoint] of all) {
      const inPath = [...endpoint.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]).sort();
      const params = endpoint.params as z.ZodObject | undefined;
      const declared = Object.keys(params?.shape ?? {}).sort();
      if (inPath.join() !== declared.join()) mismatched.push(name);
    }
    expect(mismatched).toEqual([]);
  });

  it('take a body only where the method carries one', () => {
    const wrong = all
      .filter(([, e]) => (e.body !== undefined) !== ['POST', 'PUT', 'PATCH'].includes(e.method))
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });

  it('each have a tag and a one-line description', () => {
    const wrong = all
      .filter(([, e]) => !e.tag || !e.description || e.description.includes('\n'))
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });
});
