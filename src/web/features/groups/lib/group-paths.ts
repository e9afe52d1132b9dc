import { paths } from "../../../app/paths";

/** The details page of one group: the id travels in the query string (?id=12). */
export const groupDetailsPath = (id: number) => `${paths.groupDetails}?id=${id}`;
