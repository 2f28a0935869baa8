import type { TFormField, TFormFieldType } from '@pavilion/domain/registration/registration.schemas';

export const CHOICE_TYPES: readonly TFormFieldType[] = ['select', 'radio', 'multiselect'];

/** An answer key from a question ("Company name" -> "companyName"), unique among `taken`. */
export function keyFromLabel(label: string, taken: readonly string[]): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let base = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!/^[a-zA-Z]/.test(base)) base = `q${base}`;
  base = base.slice(0, 40) || 'question';
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}${n}`;
  return key;
}

export function newField(taken: readonly string[], page = 1): TFormField {
  return { key: keyFromLabel('question', taken), label: '', type: 'text', required: false, page, options: [], maxLength: 500, showIf: null };
}

export function moveField(fields: readonly TFormField[], index: number, by: -1 | 1): TFormField[] {
  const to = index + by;
  if (to < 0 || to >= fields.length) return [...fields];
  const next = [...fields];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Removing a question also clears conditions that pointed at it (the server refuses unknown fields). */
export function removeField(fields: readonly TFormField[], index: number): TFormField[] {
  const gone = fields[index]?.key;
  return fields.filter((_, i) => i !== index).map((f) => (f.showIf && f.showIf.fieldKey === gone ? { ...f, showIf: null } : f));
}

/** Renaming a key keeps conditions pointing at it. */
export function renameKey(fields: readonly TFormField[], index: number, key: string): TFormField[] {
  const old = fields[index]?.key;
  return fields.map((f, i): TFormField => {
    if (i === index) return { ...f, key };
    if (f.showIf && f.showIf.fieldKey === old) return { ...f, showIf: { fieldKey: key, equals: f.showIf.equals } };
    return f;
  });
}

/** Options only for choice types; a condition only on an earlier question. */
export function normaliseFields(fields: readonly TFormField[]): TFormField[] {
  return fields.map((f, i) => ({
    ...f,
    label: f.label.trim(),
    options: CHOICE_TYPES.includes(f.type) ? f.options : [],
    showIf: f.showIf && fields.slice(0, i).some((p) => p.key === f.showIf!.fieldKey) && f.showIf.equals.length ? f.showIf : null,
  }));
}
