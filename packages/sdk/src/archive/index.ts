// @gjj-hall/sdk/archive: the electronic-archive frame protocol both the archive page and its host speak (issue 22).
export {
  ARCHIVE_MAX_MESSAGE_CHARS,
  ARCHIVE_SOURCE,
  ARCHIVE_VERSION,
  archiveEnvelope,
  isExactOrigin,
  parseHostMessage,
  parsePageMessage,
} from './protocol';
export type {
  ArchiveEnvelope,
  ArchiveHostMessage,
  ArchiveHostPayloads,
  ArchiveMsgLevel,
  ArchivePageMessage,
  ArchivePagePayloads,
  ArchiveParseResult,
} from './protocol';
export { createArchiveHost, createArchivePage } from './channel';
export type {
  ArchiveHost,
  ArchiveHostOptions,
  ArchivePage,
  ArchivePageOptions,
  ArchiveRejectHandler,
  ArchiveTarget,
  ArchiveWindow,
} from './channel';
