import { PAGE_SIZES } from "./use-page-size";

/**
 * The pager every list shares (spread into a DataTable): sizes 10/25/50/100, a new size goes back
 * to page 1, and counts read "1–25 of 1,234".
 */
export function tablePagination(o: {
  total: number;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
}) {
  return {
    totalRecords: o.total,
    page: o.page,
    onPageChange: o.setPage,
    recordsPerPage: o.pageSize,
    recordsPerPageOptions: PAGE_SIZES,
    onRecordsPerPageChange: (size: number) => {
      o.setPageSize(size);
      o.setPage(1);
    },
    recordsPerPageLabel: "Rows per page",
    paginationText: ({
      from,
      to,
      totalRecords,
    }: {
      from: number;
      to: number;
      totalRecords: number;
    }) => `${from.toLocaleString()}–${to.toLocaleString()} of ${totalRecords.toLocaleString()}`,
  };
}
