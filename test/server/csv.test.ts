import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvNumber } from '../../src/server/platform/csv';

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [42, '42'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    // A phone number with a plus, digits and spaces is no formula: written as it is, no apostrophe in a mail merge.
    ['+61 400 000 000', '+61 400 000 000'],
    ['+61400000000', '+61400000000'],
    ['+61 7 5555 1234', '+61 7 5555 1234'],
    // A plus followed by anything else is still a formula to a spreadsheet.
    ['+1+2', "'+1+2"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['+61 400-000', "'+61 400-000"],
    ['+', "'+"],
    ['+ 61', "'+ 61"],
    ['+61\t400', "'+61\t400"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['=cmd|"/c calc"!A0', `"'=cmd|""/c calc""!A0"`],
    ['Zoë Müller', 'Zoë Müller'],
  ])('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes amounts marked as numbers as they are, negative ones included', () => {
    expect(csvLine(['Refund', csvNumber('-15.00'), csvNumber('40.00'), '-15.00'])).toBe("Refund,-15.00,40.00,'-15.00\r\n");
    expect(() => csvNumber('-1+1')).toThrow('Not a number: -1+1');
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});
