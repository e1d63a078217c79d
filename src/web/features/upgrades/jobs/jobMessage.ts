// How a push job's message reads (docs/product.md "Job messages"): the monitor stores Salesforce's
// PackagePushError rows as a JSON list of {title, details, message}; older or other messages are
// plain text. Stack-like text (Apex 'Class.X.y: line N, column M', Java 'at a.b.C(C.java:12)')
// keeps its line breaks and alignment, so it is shown preformatted.
import { z } from 'zod';

export interface JobMessageItem {
  readonly title: string | null;
  readonly details: string | null;
  readonly message: string | null;
}

export type ParsedJobMessage =
  | { readonly kind: 'items'; readonly items: readonly JobMessageItem[] }
  | { readonly kind: 'text'; readonly text: string };

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null ? null : String(value)));
const item = z.object({ title: text, details: text, message: text });
const itemList = z.array(item).min(1);

function parseJson(message: string): unknown {
  try {
    return JSON.parse(message) as unknown;
  } catch {
    return undefined;
  }
}

/** The message as a list of error items when it is one (a single object counts), else plain text. */
export function parseJobMessage(message: string): ParsedJobMessage {
  const json = parseJson(message.trim());
  const list = itemList.safeParse(Array.isArray(json) ? json : [json]);
  if (list.success && list.data.some((entry) => entry.title ?? entry.details ?? entry.message))
    return { kind: 'items', items: list.data };
  return { kind: 'text', text: message };
}

// Apex: 'Class.MyHandler.run: line 12, column 1' (also Trigger.X); Java: 'at com.x.Y.z(Y.java:34)'.
const CLASS_ERROR =
  /\b(?:Class|Trigger)\.[\w.]+: line \d+, column \d+|\bat [\w$.]+\([\w$]+\.java:\d+\)/;

/** Whether the text reads like a stack trace, shown preformatted. */
export function isClassError(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && CLASS_ERROR.test(value);
}

/** The text 'Copy to clipboard' copies: the items one after the other, or the plain text. */
export function jobMessageText(parsed: ParsedJobMessage): string {
  if (parsed.kind === 'text') return parsed.text;
  return parsed.items
    .map((entry) => [entry.title, entry.message, entry.details].filter(Boolean).join('\n'))
    .join('\n\n');
}
