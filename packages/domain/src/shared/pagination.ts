export interface PageRequest {
  /** 1-based. */
  readonly page: number;
  readonly perPage: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
}

export const totalPages = (total: number, perPage: number): number => Math.ceil(total / perPage);

export const offsetOf = (request: PageRequest): number => (request.page - 1) * request.perPage;

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
