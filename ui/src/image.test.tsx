import { act, fireEvent, render, screen } from '@testing-library/react';
import { Image, IMAGE_ERROR_EVENT, imageSources, throttle } from './image';

describe('imageSources', () => {
  it('lists 100, 300 and 600 wide variants capped at the source width, and a 16 px placeholder', () => {
    const s = imageSources('images/products/1/a-1.jpg', 1200, 1500);
    expect(s.srcSet).toBe(
      '/cdn-cgi/image/fit=scale-down,format=auto,width=100/images/products/1/a-1.jpg 100w, /cdn-cgi/image/fit=scale-down,format=auto,width=300/images/products/1/a-1.jpg 300w, /cdn-cgi/image/fit=scale-down,format=auto,width=600/images/products/1/a-1.jpg 600w',
    );
    expect(s.placeholder).toBe('/cdn-cgi/image/fit=scale-down,format=auto,width=16,anim=false,blur=250/images/products/1/a-1.jpg');
    const small = imageSources('x.jpg', 250, 200);
    expect(small.srcSet).toBe('/cdn-cgi/image/fit=scale-down,format=auto,width=100/x.jpg 100w, /cdn-cgi/image/fit=scale-down,format=auto,width=250/x.jpg 250w');
    // landscape 1800 x 1200: the smaller side (height) is 16, so the width is 24
    expect(imageSources('h.jpg', 1800, 1200).placeholder).toContain('width=24,');
  });
});

describe('throttle', () => {
  it('runs at most once per window, with the latest arguments trailing', () => {
    jest.useFakeTimers();
    const calls: number[] = [];
    const t = throttle((n: number) => calls.push(n), 500);
    t(1);
    t(2);
    t(3);
    expect(calls).toEqual([1]);
    jest.advanceTimersByTime(499);
    expect(calls).toEqual([1]);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    jest.useRealTimers();
  });
});

describe('<Image>', () => {
  it('with sizes: srcset, lazy loading, no placeholder', () => {
    render(<Image src="images/p/1.jpg" alt="Tan tote" width={1200} height={1500} sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'Tan tote' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('sizes', '50vw');
    expect(img.getAttribute('srcset')).toContain('600w');
    expect(img.style.backgroundImage).toBe('');
  });

  it('without sizes: the blurred placeholder until measured, then its own width as sizes', () => {
    const spy = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 287.4 } as DOMRect);
    render(<Image src="images/p/1.jpg" alt="Tan tote" width={1200} height={1500} />);
    const img = screen.getByRole('img', { name: 'Tan tote' });
    expect(img.getAttribute('sizes')).toBe('288px');
    expect(img.getAttribute('srcset')).toContain('300w');
    expect(img.style.backgroundImage).toContain('blur=250');
    spy.mockRestore();
  });

  it('marks an errored image and emits the error event', () => {
    const onError = jest.fn();
    const heard = jest.fn();
    document.addEventListener(IMAGE_ERROR_EVENT, heard);
    render(<Image src="images/p/missing.jpg" alt="Missing" width={1200} height={1500} sizes="100px" onError={onError} />);
    const img = screen.getByRole('img', { name: 'Missing' });
    act(() => {
      fireEvent.error(img);
    });
    expect(img).toHaveAttribute('data-errored', 'true');
    expect(onError).toHaveBeenCalledWith({ src: 'images/p/missing.jpg' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ src: 'images/p/missing.jpg' });
    document.removeEventListener(IMAGE_ERROR_EVENT, heard);
  });

  it('keeps its aspect ratio as a class a caller can override, and takes other variant widths', () => {
    render(
      <div>
        <Image src="images/p/1.jpg" alt="Tile" width={1200} height={1500} aspectRatio={0.8} sizes="96px" />
        <Image src="images/c/hero.jpg" alt="Hero" width={1800} height={1200} sizes="100vw" widths={[300, 600, 1200, 1800]} css={{ height: '100%' }} />
      </div>,
    );
    const tile = screen.getByRole('img', { name: 'Tile' });
    expect(getComputedStyle(tile).aspectRatio).toBe('0.8');
    expect(getComputedStyle(tile).height).toBe('auto');
    const hero = screen.getByRole('img', { name: 'Hero' });
    expect(getComputedStyle(hero).height).toBe('100%');
    expect(hero.getAttribute('srcset')).toContain('1800w');
    expect(hero.getAttribute('srcset')).not.toContain('100w');
    expect(hero.getAttribute('src')).toContain('width=1800/');
  });
});
