import type { Page } from '@loyalty/contracts';

/** The page envelope of docs/design.md §4 from one page of rows and the total. */
export function toPage<T>(content: T[], totalElements: number, page: number, size: number): Page<T> {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    totalElements,
    totalPages,
    number: page,
    size,
    numberOfElements: content.length,
    first: page === 0,
    last: page >= totalPages - 1,
  };
}
