import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import css from './tool-image.module.css';

type ToolImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'alt' | 'src' | 'className'> & { src: string; alt: string; className: string };

/**
 * A tool's picture, or a named placeholder of the same size when it fails to load (issue 9: a
 * broken link showed the browser's broken-image icon). An image that failed before the
 * prerendered home page hydrated is caught on mount.
 */
export function ToolImage({ src, alt, className, ...rest }: ToolImageProps) {
  // The address that failed: another tool's picture in the same place gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (!src || failed === src) {
    return (
      <span role="img" aria-label={alt} className={`${className} ${css.placeholder}`}>
        <svg width="48" height="48" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2zM8.5 13.5l2.5 3 3.5-4.5 4.5 6H5l3.5-4.5z" />
        </svg>
        <span className={css.note}>No picture</span>
      </span>
    );
  }
  return <img ref={ref} className={className} src={src} alt={alt} onError={() => setFailed(src)} {...rest} />;
}
