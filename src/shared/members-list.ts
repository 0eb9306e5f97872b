/** Members per page of the administration's members list. */
export const MEMBERS_PAGE_SIZE = 25;

/**
 * The members list as the Members tab first asks for it, with no filter: everyone by name, the first page. Apart from
 * the list's schema (admin.schema.ts `memberSearchInput`), so the first screen's list of reads (first-screen.ts, in every page's entry script) needs no zod.
 */
export const FIRST_MEMBERS_PAGE = {
  sort: 'name',
  direction: 'asc',
  page: 1,
  pageSize: MEMBERS_PAGE_SIZE,
} as const;
