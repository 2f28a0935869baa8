/**
 * One declaration for an enumeration the spec numbers (SPEC §3.10, §9): each member's value and its label together,
 * so the value map, its type and the label map cannot drift apart.
 *
 *   const eventMode = defineEnum({ Virtual: [1, 'Virtual'], InPerson: [2, 'In person'] });
 *   eventMode.values   // { Virtual: 1, InPerson: 2 }      (the `as const` object the code compares with)
 *   eventMode.labels   // { 1: 'Virtual', 2: 'In person' } (Record<value, label>)
 *   eventMode.options  // [{ value: 1, label: 'Virtual' }, …] in declaration order (selects)
 */
type TMember = readonly [value: number | string, label: string];

export type TEnum<D extends Record<string, TMember>> = {
  readonly values: { readonly [K in keyof D]: D[K][0] };
  readonly labels: Readonly<Record<D[keyof D][0], string>>;
  readonly options: readonly { readonly value: D[keyof D][0]; readonly label: string }[];
  /** The label of a value; the value itself, as text, for one the enumeration does not know. */
  label(value: D[keyof D][0] | number | string): string;
  /** Whether a value is one of the members. */
  has(value: unknown): value is D[keyof D][0];
};

/** The union of an enumeration's values. */
export type TEnumValue<E extends { readonly values: Record<string, unknown> }> = E['values'][keyof E['values']];

export function defineEnum<const D extends Record<string, TMember>>(definition: D): TEnum<D> {
  const members = Object.entries(definition) as [keyof D & string, D[keyof D]][];
  const values = Object.fromEntries(members.map(([key, [value]]) => [key, value])) as TEnum<D>['values'];
  const labels = Object.fromEntries(members.map(([, [value, label]]) => [value, label])) as Record<PropertyKey, string>;
  const options = members.map(([, [value, label]]) => ({ value, label })) as TEnum<D>['options'];
  const known = new Set<unknown>(members.map(([, [value]]) => value));
  return {
    values,
    labels: labels as TEnum<D>['labels'],
    options,
    label: (value) => labels[value as PropertyKey] ?? String(value),
    has: (value): value is D[keyof D][0] => known.has(value),
  };
}
