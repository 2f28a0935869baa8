// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import './i18n.ts';

const toasts: { message: string; kind: string }[] = [];
vi.mock('./toast.ts', () => ({ toast: (message: string, kind: string) => toasts.push({ message, kind }) }));

// The web project shares modules between the files of a worker (vitest.config.ts, isolate: false): a file that ran
// before may have loaded the hook with the real toast, so it is loaded afresh here, with the mock.
vi.resetModules();
const { useFormMutation } = await import('./use-form-mutation.ts');
type TOptions = Parameters<typeof useFormMutation<{ name: string }, string>>[1];

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  toasts.length = 0;
});

/** A mutation that answers what `outcome` says: the data, or rejects with the error. */
function fakeMutation(outcome: { data?: { name: string }; error?: unknown }) {
  const sent: string[] = [];
  return {
    sent,
    isPending: false,
    mutate: (variables: string, o: { onSuccess: (d: { name: string }) => void; onError: (e: unknown) => void }) => {
      sent.push(variables);
      if (outcome.error !== undefined) o.onError(outcome.error);
      else o.onSuccess(outcome.data!);
    },
  };
}

/** Renders a component that uses the hook and hands back its latest result. */
function mount(mutation: ReturnType<typeof fakeMutation>, options: TOptions) {
  const latest: { current: ReturnType<typeof useFormMutation<{ name: string }, string>> | null } = { current: null };
  function Probe() {
    latest.current = useFormMutation(mutation, options);
    return null;
  }
  const host = document.createElement('div');
  root = createRoot(host);
  act(() => root!.render(<Probe />));
  return latest;
}

const apiError = (extra: object) => ({ status: 'ERROR', code: 'X', message: 'Server says no', ...extra });

describe('useFormMutation', () => {
  it('sends the variables, toasts the success text, then runs onSuccess with the data', () => {
    const mutation = fakeMutation({ data: { name: 'Ada' } });
    const done: string[] = [];
    const form = mount(mutation, { success: (d, v) => `saved ${d.name} from ${v}`, onSuccess: (d) => done.push(d.name) });
    act(() => form.current!.submit('input'));
    expect(mutation.sent).toEqual(['input']);
    expect(toasts).toEqual([{ message: 'saved Ada from input', kind: 'success' }]);
    expect(done).toEqual(['Ada']);
    expect(form.current!.formError).toBeNull();
  });

  it("runs a submit's own success step after options.onSuccess, and not on an error", () => {
    const order: string[] = [];
    const form = mount(fakeMutation({ data: { name: 'Ada' } }), { onSuccess: () => order.push('options') });
    act(() => form.current!.submit('x', (d) => order.push(`then ${d.name}`)));
    expect(order).toEqual(['options', 'then Ada']);

    act(() => root?.unmount());
    const failing = mount(fakeMutation({ error: apiError({}) }), {});
    act(() => failing.current!.submit('x', () => order.push('then after error')));
    expect(order).toEqual(['options', 'then Ada']);
  });

  it("puts the server's field errors on their fields and leaves the alert empty", () => {
    const fields: Record<string, string> = {};
    const form = mount(fakeMutation({ error: apiError({ errors: [{ field: 'email', key: 'A message with spaces' }] }) }), {
      setFieldError: (f, m) => (fields[f] = m),
      onSuccess: () => {
        throw new Error('not a success');
      },
    });
    act(() => form.current!.submit('x'));
    expect(fields).toEqual({ email: 'A message with spaces' });
    expect(form.current!.formError).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('shows any other error as the alert, and a new submit clears it', () => {
    const mutation = fakeMutation({ error: apiError({}) });
    const form = mount(mutation, { setFieldError: () => undefined });
    act(() => form.current!.submit('x'));
    expect(form.current!.formError).toBe('Server says no');
    mutation.mutate = (_v, o) => o.onSuccess({ name: 'ok' });
    act(() => form.current!.submit('y'));
    expect(form.current!.formError).toBeNull();
  });

  it('lets the caller word an error, or take it over entirely', () => {
    const worded = mount(fakeMutation({ error: apiError({}) }), { errorText: () => 'Wrong password' });
    act(() => worded.current!.submit('x'));
    expect(worded.current!.formError).toBe('Wrong password');
    act(() => root?.unmount());

    const seen: unknown[] = [];
    const handled = mount(fakeMutation({ error: apiError({}) }), { onError: (e) => seen.push(e) > 0 });
    act(() => handled.current!.submit('x'));
    expect(seen).toHaveLength(1);
    expect(handled.current!.formError).toBeNull();
  });
});
