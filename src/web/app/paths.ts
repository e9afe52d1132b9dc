// The route map lives in src/domain so the server knows the app's pages too (a 404 status for
// the others); the web app keeps importing it from here.
export * from "../../domain/app-routes";
