import { pagerText } from "../components/list/pager";
import { i18n } from "../i18n";
import { PAGE_SIZES } from "./use-page-size";

/**
 * The pager of a DataTable whose page is not kept in the address (a list inside a card or a
 * dialog); list screens get theirs from the list kit (components/list). Sizes 10/25/50/100, a new
 * size goes back to page 1, and counts read "1–25 of 1,234".
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
    recordsPerPageLabel: i18n.t("Rows per page"),
    paginationText: pagerText,
  };
}
