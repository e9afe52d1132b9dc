import { Box, type BoxProps, LoadingOverlay } from "@mantine/core";
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useImperativeHandle,
} from "react";
import { type Accept, type FileRejection, useDropzone } from "react-dropzone";
import classes from "./file-drop.module.css";

export type { FileRejection };

type DropState = "idle" | "accept" | "reject";
const StateContext = createContext<DropState>("idle");

interface FileDropProps extends BoxProps {
  onDrop: (files: File[]) => void;
  onReject?: (rejections: FileRejection[]) => void;
  /** MIME types, or MIME types with their file extensions (as react-dropzone takes them). */
  accept?: string[] | Accept;
  maxSize?: number;
  multiple?: boolean;
  loading?: boolean;
  /** false: only drops and `openRef` open the file chooser (e.g. while a file is read). */
  activateOnClick?: boolean;
  /** Set to a function that opens the file chooser, for a separate "Choose a file" button. */
  openRef?: RefObject<(() => void) | null>;
  "aria-label"?: string;
  children: ReactNode;
}

/**
 * A drop zone for files (drag and drop, click or keyboard to choose), on react-dropzone.
 * `FileDrop.Accept` / `.Reject` / `.Idle` show their children only while a drag is accepted,
 * rejected, or there is none, so a zone can change its icon as a file is dragged over it.
 */
export function FileDrop({
  onDrop,
  onReject,
  accept,
  maxSize,
  multiple = false,
  loading = false,
  activateOnClick = true,
  openRef,
  "aria-label": ariaLabel,
  children,
  ...box
}: FileDropProps) {
  const { getRootProps, getInputProps, isDragAccept, isDragReject, open } = useDropzone({
    onDropAccepted: onDrop,
    onDropRejected: onReject,
    accept: Array.isArray(accept) ? Object.fromEntries(accept.map((t) => [t, []])) : accept,
    maxSize,
    multiple,
    disabled: loading,
    noClick: !activateOnClick,
    noKeyboard: !activateOnClick,
  });
  useImperativeHandle(openRef, () => open, [open]);
  const state: DropState = isDragAccept ? "accept" : isDragReject ? "reject" : "idle";
  return (
    <Box
      {...box}
      {...getRootProps({ "aria-label": ariaLabel })}
      className={classes.root}
      data-idle={state === "idle" || undefined}
      data-accept={state === "accept" || undefined}
      data-reject={state === "reject" || undefined}
      data-loading={loading || undefined}
      data-inert={!activateOnClick || undefined}
    >
      <LoadingOverlay visible={loading} loaderProps={{ size: "sm" }} />
      <input {...getInputProps()} />
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </Box>
  );
}

function only(wanted: DropState) {
  return function Shown({ children }: { children: ReactNode }) {
    return useContext(StateContext) === wanted ? children : null;
  };
}

FileDrop.Accept = only("accept");
FileDrop.Reject = only("reject");
FileDrop.Idle = only("idle");
