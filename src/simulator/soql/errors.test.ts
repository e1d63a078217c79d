import { describe, expect, it } from 'vitest';
import { executeSoql, SoqlError } from './index';
import { createTestSource, testContext } from './test-source';

function executionError(text: string): SoqlError {
  // An empty org: errors come from the schema, never from the data.
  const source = createTestSource({ records: {} });
  try {
    executeSoql(text, source, testContext);
  } catch (error) {
    if (error instanceof SoqlError) return error;
    throw error;
  }
  throw new Error(`expected ${text} to be rejected`);
}

/** The message Salesforce builds: the query line, a caret, the position, the text. */
function located(text: string, column: number, message: string): string {
  return `\n${text}\n${' '.repeat(column - 1)}^\nERROR at Row:1:Column:${column}\n${message}`;
}

const CUSTOM_FIELD_HINT =
  "If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.";

describe('execution errors', () => {
  it('INVALID_FIELD for an unknown field, exactly as Salesforce words it', () => {
    const error = executionError('SELECT Foo FROM Account');
    expect(error.errorCode).toBe('INVALID_FIELD');
    expect(error.message).toBe(
      "\nSELECT Foo FROM Account\n       ^\nERROR at Row:1:Column:8\nNo such column 'Foo' on entity 'Account'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.",
    );
  });

  it('INVALID_TYPE for an unknown object', () => {
    const error = executionError('SELECT Id FROM Foo');
    expect(error.errorCode).toBe('INVALID_TYPE');
    expect(error.message).toBe(
      located(
        'SELECT Id FROM Foo',
        16,
        "sObject type 'Foo' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.",
      ),
    );
    expect(
      executionError('SELECT Id FROM Account WHERE Id IN (SELECT Id FROM Nope__c)').errorCode,
    ).toBe('INVALID_TYPE');
  });

  it.each<[string, number, string]>([
    [
      'SELECT Id FROM Account WHERE Nme = null',
      30,
      `No such column 'Nme' on entity 'Account'. ${CUSTOM_FIELD_HINT}`,
    ],
    [
      'SELECT Id FROM Account ORDER BY Nme',
      33,
      `No such column 'Nme' on entity 'Account'. ${CUSTOM_FIELD_HINT}`,
    ],
    [
      'SELECT sfLma__Account__r.Foo FROM sfLma__License__c',
      8,
      `No such column 'Foo' on entity 'Account'. ${CUSTOM_FIELD_HINT}`,
    ],
    [
      'SELECT sfLma__Acount__r.Name FROM sfLma__License__c',
      8,
      "Didn't understand relationship 'sfLma__Acount__r' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.",
    ],
    [
      'SELECT Id FROM Account WHERE Name.Foo = null',
      30,
      "Didn't understand relationship 'Name' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.",
    ],
    [
      'SELECT sfLma__Account__c.Name FROM sfLma__License__c',
      8,
      "Didn't understand relationship 'sfLma__Account__c' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.",
    ],
    // Literal types must match field types.
    [
      'SELECT Id FROM Account WHERE Name = 5',
      37,
      "value of filter criterion for field 'Name' must be of type string and should be enclosed in quotes",
    ],
    [
      "SELECT Id FROM Account WHERE NumberOfEmployees = '5'",
      50,
      "value of filter criterion for field 'NumberOfEmployees' must be of type integer and should not be enclosed in quotes",
    ],
    [
      "SELECT Id FROM Account WHERE AnnualRevenue IN (1, '2')",
      51,
      "value of filter criterion for field 'AnnualRevenue' must be of type currency and should not be enclosed in quotes",
    ],
    [
      "SELECT Id FROM Account WHERE IsPartner = 'true'",
      42,
      "value of filter criterion for field 'IsPartner' must be of type boolean and should not be enclosed in quotes",
    ],
    [
      "SELECT Id FROM Account WHERE CreatedDate > '2024-01-01'",
      44,
      "value of filter criterion for field 'CreatedDate' must be of type dateTime and should not be enclosed in quotes",
    ],
    [
      'SELECT Id FROM sfLma__License__c WHERE sfLma__Expiration__c = 2024-01-01T00:00:00Z',
      63,
      "value of filter criterion for field 'sfLma__Expiration__c' must be of type date and should not be enclosed in quotes",
    ],
    [
      'SELECT Id FROM Account WHERE Id = 1',
      35,
      "value of filter criterion for field 'Id' must be of type id and should be enclosed in quotes",
    ],
    [
      'SELECT Id FROM Account WHERE Name = TODAY',
      37,
      "value of filter criterion for field 'Name' must be of type string and should be enclosed in quotes",
    ],
    [
      'SELECT Id FROM Account WHERE Name LIKE 5',
      40,
      "value of filter criterion for field 'Name' must be of type string and should be enclosed in quotes",
    ],
    [
      "SELECT Id FROM sfLma__License__c WHERE sfLma__Account__r.CreatedDate = 'x'",
      72,
      "value of filter criterion for field 'CreatedDate' must be of type dateTime and should not be enclosed in quotes",
    ],
    // Operators that do not apply to the field's type.
    [
      'SELECT Id FROM Account WHERE IsPartner > false',
      40,
      "invalid operator on boolean field 'IsPartner': > is not allowed",
    ],
    [
      "SELECT Id FROM Account WHERE NumberOfEmployees LIKE '5%'",
      48,
      "invalid operator on integer field 'NumberOfEmployees': LIKE is not allowed",
    ],
    [
      "SELECT Id FROM Account WHERE Id LIKE '001%'",
      33,
      "invalid operator on id field 'Id': LIKE is not allowed",
    ],
    // Semi-joins pair Id or reference fields.
    [
      'SELECT Id FROM Account WHERE Name IN (SELECT sfLma__Account__c FROM sfLma__License__c)',
      30,
      "The left operand 'Name' of a semi-join must be an Id or reference field",
    ],
    [
      'SELECT Id FROM Account WHERE Id IN (SELECT Name FROM sfLma__License__c)',
      44,
      "The selected field 'Name' in a semi-join subquery must be an Id or reference field",
    ],
  ])('%s', (text, column, message) => {
    const error = executionError(text);
    expect(error.errorCode).toBe('INVALID_FIELD');
    expect(error.message).toBe(located(text, column, message));
  });

  it('MALFORMED_QUERY for a field selected twice, however spelled', () => {
    const text = 'SELECT Id, Name, sfLma__Account__r.Name, NAME FROM sfLma__License__c';
    const error = executionError(text);
    expect(error.errorCode).toBe('MALFORMED_QUERY');
    expect(error.message).toBe(located(text, 42, 'duplicate field selected: Name'));
  });

  it('is a SoqlError carrying errorCode and message for the REST layer', () => {
    const error = executionError('SELECT Id FROM Foo');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SoqlError');
  });
});
