import { useEffect } from 'react';

const SHOP = 'FridgeParts';

/** Sets the document title for a page: "<page> | FridgeParts". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP}` : `${SHOP} | Refrigerator parts and tools`;
  }, [title]);
}
