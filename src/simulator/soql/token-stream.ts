// A cursor over the lexer's tokens with the small vocabulary a recursive-descent parser
// needs: look ahead, accept or expect a keyword or punctuation, and build errors that point
// at a token the way Salesforce does.

import { soqlErrorAt, unsupportedAt, type SoqlError } from './errors';
import type { Token } from './lexer';
import { describeClauseKeyword } from './unsupported';

export class TokenStream {
  protected index = 0;

  constructor(
    protected readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  protected peek(ahead = 0): Token {
    const last = this.tokens[this.tokens.length - 1] as Token;
    return this.tokens[this.index + ahead] ?? last;
  }

  protected next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  protected isKeyword(token: Token, word: string): boolean {
    return token.kind === 'identifier' && token.text.toUpperCase() === word;
  }

  protected isPunctuation(token: Token, text: string): boolean {
    return token.kind === 'punctuation' && token.text === text;
  }

  protected acceptKeyword(word: string): boolean {
    if (!this.isKeyword(this.peek(), word)) return false;
    this.index++;
    return true;
  }

  protected acceptPunctuation(text: string): boolean {
    if (!this.isPunctuation(this.peek(), text)) return false;
    this.index++;
    return true;
  }

  protected expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) throw this.unexpected(this.peek());
  }

  protected expectPunctuation(text: string): void {
    if (!this.acceptPunctuation(text)) throw this.unexpected(this.peek());
  }

  protected error(token: Token, message: string): SoqlError {
    return soqlErrorAt('MALFORMED_QUERY', this.text, token.offset, message);
  }

  /** "unexpected token: X" — or, for a recognised clause outside the subset, its name. */
  protected unexpected(token: Token): SoqlError {
    const following = this.tokens[this.tokens.indexOf(token) + 1] ?? token;
    const feature = describeClauseKeyword(token, following);
    if (feature !== undefined) return unsupportedAt(this.text, token.offset, feature);
    return this.error(token, `unexpected token: ${token.text}`);
  }
}
