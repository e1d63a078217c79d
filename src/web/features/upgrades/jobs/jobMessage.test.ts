import { describe, expect, it } from 'vitest';
import { isClassError, jobMessageText, parseJobMessage } from './jobMessage';

describe('parseJobMessage', () => {
  it('reads a JSON list of title/details/message items', () => {
    const parsed = parseJobMessage(
      JSON.stringify([
        { title: 'Install failed', details: 'Missing field', message: 'Field X__c missing' },
        { title: 'Second', details: null, message: 'Other' },
      ]),
    );
    expect(parsed).toEqual({
      kind: 'items',
      items: [
        { title: 'Install failed', details: 'Missing field', message: 'Field X__c missing' },
        { title: 'Second', details: null, message: 'Other' },
      ],
    });
    expect(jobMessageText(parsed)).toBe(
      'Install failed\nField X__c missing\nMissing field\n\nSecond\nOther',
    );
  });

  it('reads a single item object as a list of one', () => {
    expect(parseJobMessage('{"title":"T","message":"M"}')).toEqual({
      kind: 'items',
      items: [{ title: 'T', details: null, message: 'M' }],
    });
  });

  it('keeps plain text, other JSON and empty items as text', () => {
    expect(parseJobMessage('Package version is not installable')).toEqual({
      kind: 'text',
      text: 'Package version is not installable',
    });
    expect(parseJobMessage('42')).toEqual({ kind: 'text', text: '42' });
    expect(parseJobMessage('[{}]')).toEqual({ kind: 'text', text: '[{}]' });
    expect(parseJobMessage('[1, 2]')).toEqual({ kind: 'text', text: '[1, 2]' });
  });
});

describe('isClassError', () => {
  it('recognises Apex and Java stack lines', () => {
    expect(isClassError('System.NullPointerException\nClass.Handler.run: line 12, column 1')).toBe(
      true,
    );
    expect(isClassError('Trigger.AccountTrigger: line 3, column 5')).toBe(true);
    expect(isClassError('at com.acme.Push.run(Push.java:34)')).toBe(true);
  });

  it('leaves ordinary sentences alone', () => {
    expect(isClassError('The class of service is wrong: line up again')).toBe(false);
    expect(isClassError(null)).toBe(false);
  });
});
