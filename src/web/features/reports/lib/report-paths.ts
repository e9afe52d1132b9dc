import { paths } from "../../../app/paths";

/** The details page of one sent message (a run): the id travels in the query string (?id=12). */
export const sentMessageDetailsPath = (id: number) => `${paths.sentMessageDetails}?id=${id}`;
