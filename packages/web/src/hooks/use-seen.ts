import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the element has come near the screen yet (within `margin`), and the ref to give it. Once seen it stays
 * seen: work started for it is not thrown away when the person scrolls on. Without IntersectionObserver, seen at once.
 */
export function useSeen<T extends Element>(margin = '300px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen, margin]);
  return [useCallback((next: T | null) => setElement(next), []), seen];
}
