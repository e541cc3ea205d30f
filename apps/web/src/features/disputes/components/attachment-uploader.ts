import type { TUploadedFile } from '@settle/shared/uploads';
import type { ComponentType } from 'react';

/**
 * The upload queue of the uploads feature, handed in by app/ (a feature does not import
 * another): the dispute screens only need to learn which uploads to attach.
 */
export interface AttachmentUploaderProps {
  onUploaded: (files: TUploadedFile[]) => void;
  onPendingChange?: (pending: boolean) => void;
}
export type AttachmentUploader = ComponentType<AttachmentUploaderProps>;
