import type { Config } from "../config";
import { LocalStorage } from "./local-storage";
import { S3Storage } from "./s3-storage";
import type { FileStorage } from "./storage";

/** The store the configuration names (STORAGE): DATA_DIR's folders, or the S3 bucket. */
export function createStorage(config: Config): FileStorage {
  return config.s3 ? new S3Storage(config.s3, config.DATA_DIR) : new LocalStorage(config.DATA_DIR);
}
