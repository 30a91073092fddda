// A request's dollar amount as integer cents: the schema checked its type, this refuses what cents
// cannot hold exactly with a 422 on the field (the amount's limits are the service's to check).
import { dollarsProblem, toCents, type Cents } from '../../shared/money.ts';
import { fieldError } from './errors.ts';

/** `dollars` of request field `field` as Cents; a 422 naming the problem when it is not an amount. */
export function centsField(field: string, dollars: number): Cents {
  const problem = dollarsProblem(dollars, Infinity);
  if (problem) throw fieldError(field, `The ${field} ${problem}.`);
  return toCents(dollars, Infinity);
}
