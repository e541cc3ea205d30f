import { checkUploadFile, queueRoom, UPLOAD_MESSAGES } from '@settle/shared/rules/uploads';
import type { TUploadedFile } from '@settle/shared/uploads';
import { useCallback, useRef, useState } from 'react';
import { UploadError, uploadFile } from '../api/upload-file';

export type QueueItemStatus = 'invalid' | 'pending' | 'uploading' | 'done' | 'failed';

export interface QueueItem {
  key: number;
  file: File;
  status: QueueItemStatus;
  /** 0–100 while uploading, 100 when done. */
  progress: number;
  /** The English message of the shared rules or the server (translated where it is shown). */
  error: string | null;
  uploaded: TUploadedFile | null;
}

export interface UploadQueueState {
  items: QueueItem[];
  /** A message about the queue as a whole (full queue, nothing to upload). */
  queueError: string | null;
  uploading: boolean;
  add: (files: File[]) => void;
  remove: (key: number) => void;
  /** Uploads the files waiting, one after another; resolves with the ones the server took. */
  uploadPending: () => Promise<TUploadedFile[]>;
}

/**
 * The upload queue's state: files are checked by the shared rules as they are added (each
 * keeps its own error), at most MAX_UPLOAD_QUEUE are queued, and the valid ones are posted one by
 * one with their progress.
 */
export function useUploadQueue(maxFileMb: number): UploadQueueState {
  const [items, setItems] = useState<QueueItem[]>([]);
  const [queueError, setQueueError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const nextKey = useRef(1);
  // The upload loop reads the latest items, not the ones of the render that started it.
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const update = useCallback((key: number, change: Partial<QueueItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const room = queueRoom(itemsRef.current.length);
      const taken = files.slice(0, room);
      setQueueError(files.length > room ? UPLOAD_MESSAGES.queueFull : null);
      const added = taken.map((file): QueueItem => {
        const check = checkUploadFile({ name: file.name, size: file.size }, maxFileMb);
        return {
          key: nextKey.current++,
          file,
          status: check.ok ? 'pending' : 'invalid',
          progress: 0,
          error: check.ok ? null : check.message,
          uploaded: null,
        };
      });
      const next = [...itemsRef.current, ...added];
      itemsRef.current = next;
      setItems(next);
    },
    [maxFileMb],
  );

  const remove = useCallback((key: number) => {
    setQueueError(null);
    setItems((current) => current.filter((item) => item.key !== key || item.status === 'uploading'));
  }, []);

  const uploadPending = useCallback(async () => {
    const waiting = itemsRef.current.filter((item) => item.status === 'pending' || item.status === 'failed');
    if (waiting.length === 0) {
      setQueueError(UPLOAD_MESSAGES.noFiles);
      return [];
    }
    setQueueError(null);
    setUploading(true);
    const uploaded: TUploadedFile[] = [];
    try {
      for (const item of waiting) {
        update(item.key, { status: 'uploading', progress: 0, error: null });
        try {
          const answer = await uploadFile({
            file: item.file,
            onProgress: (progress) => update(item.key, { progress }),
          });
          const file = answer.files[0] ?? null;
          if (file) uploaded.push(file);
          update(item.key, { status: 'done', progress: 100, uploaded: file });
        } catch (error) {
          const text = error instanceof UploadError ? error.serverText : null;
          update(item.key, { status: 'failed', error: text ?? UPLOAD_MESSAGES.unknownError });
        }
      }
    } finally {
      setUploading(false);
    }
    return uploaded;
  }, [update]);

  return { items, queueError, uploading, add, remove, uploadPending };
}
