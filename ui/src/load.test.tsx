import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useLoad, type Loader } from './load';

/** A load whose answers the test settles by hand. */
function deferredLoader() {
  const calls: { signal: AbortSignal; attempt: number; resolve(value: string): void; reject(error: unknown): void }[] = [];
  const load = jest.fn<Promise<string>, Parameters<Loader<string>>>(
    (signal, attempt) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ signal, attempt, resolve, reject });
      }),
  );
  return { load, calls };
}

function Page({ id, load, initialData }: { id: string | null; load: Loader<string>; initialData?: string }) {
  const answer = useLoad(id, load, { initialData });
  return (
    <div>
      {answer.status === 'loading' ? <p>Loading…</p> : null}
      {answer.status === 'ready' ? <p>Answer: {answer.data}</p> : null}
      {answer.status === 'error' ? (
        <p>
          Failed: {String(answer.error)}{' '}
          <button type="button" onClick={answer.reload}>
            Try again
          </button>
        </p>
      ) : null}
      <button type="button" onClick={() => answer.setData('saved')}>
        Save
      </button>
    </div>
  );
}

test('shows loading, then the answer', async () => {
  const { load, calls } = deferredLoader();
  render(<Page id="a" load={load} />);
  expect(screen.getByText('Loading…')).toBeTruthy();
  await act(async () => calls[0]!.resolve('first'));
  expect(screen.getByText('Answer: first')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
  expect(calls[0]!.attempt).toBe(0);
});

test('a failed load shows the error; reload loads again, showing loading meanwhile', async () => {
  const { load, calls } = deferredLoader();
  render(<Page id="a" load={load} />);
  await act(async () => calls[0]!.reject(new Error('down')));
  expect(screen.getByText(/Failed: Error: down/)).toBeTruthy();
  fireEvent.click(screen.getByText('Try again'));
  expect(screen.getByText('Loading…')).toBeTruthy();
  expect(calls[1]!.attempt).toBe(1);
  await act(async () => calls[1]!.resolve('second'));
  expect(screen.getByText('Answer: second')).toBeTruthy();
});

test('a new key loads again; the earlier answer arriving late is dropped', async () => {
  const { load, calls } = deferredLoader();
  const { rerender } = render(<Page id="a" load={load} />);
  rerender(<Page id="b" load={load} />);
  expect(calls[0]!.signal.aborted).toBe(true);
  await act(async () => calls[0]!.resolve('of a'));
  expect(screen.getByText('Loading…')).toBeTruthy();
  await act(async () => calls[1]!.resolve('of b'));
  expect(screen.getByText('Answer: of b')).toBeTruthy();
});

test('while a new key loads, the answer before is there as previous (none after a failure)', async () => {
  const { load, calls } = deferredLoader();
  const { result, rerender } = renderHook(({ id }) => useLoad(id, load), { initialProps: { id: 'a' } });
  expect(result.current.previous).toBeUndefined();
  await act(async () => calls[0]!.resolve('of a'));
  expect(result.current.previous).toBeUndefined();
  rerender({ id: 'b' });
  expect(result.current.status).toBe('loading');
  expect(result.current.previous).toBe('of a');
  await act(async () => calls[1]!.reject(new Error('down')));
  expect(result.current.previous).toBeUndefined();
  rerender({ id: 'c' });
  expect(result.current.previous).toBeUndefined();
  await act(async () => calls[2]!.resolve('of c'));
  expect(result.current).toMatchObject({ status: 'ready', data: 'of c', previous: undefined });
});

test('no key: nothing is loaded', () => {
  const { load } = deferredLoader();
  render(<Page id={null} load={load} />);
  expect(screen.getByText('Loading…')).toBeTruthy();
  expect(load).not.toHaveBeenCalled();
});

test('setData shows an answer the page got otherwise', async () => {
  const { load, calls } = deferredLoader();
  render(<Page id="a" load={load} />);
  await act(async () => calls[0]!.resolve('first'));
  fireEvent.click(screen.getByText('Save'));
  expect(screen.getByText('Answer: saved')).toBeTruthy();
});

test('initial data (a server render): hydrates the server HTML without loading or fetching', async () => {
  const { load } = deferredLoader();
  const html = renderToString(<Page id="a" load={load} initialData="from the server" />);
  expect(html).toContain('from the server');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable = jest.fn();
  await act(async () => {
    hydrateRoot(container, <Page id="a" load={load} initialData="from the server" />, { onRecoverableError: recoverable });
  });
  expect(container.textContent).toContain('Answer: from the server');
  expect(container.textContent).not.toContain('Loading');
  expect(load).not.toHaveBeenCalled();
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});
