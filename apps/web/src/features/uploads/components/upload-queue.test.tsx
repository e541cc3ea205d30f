import type { TUploadedFile } from '@settle/shared/uploads';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, type RecordedCall, type StubAnswer, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { stubXhrThroughFetch } from '../../../testing/xhr-stub';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';
import { UploadQueue } from './upload-queue';

const MB = 1024 * 1024;

function file(name: string, size: number, type = 'application/pdf'): File {
  return new File([new Uint8Array(size)], name, { type });
}

function uploaded(name: string, id = 1): TUploadedFile {
  return {
    id,
    uuid: `00000000-0000-4000-8000-00000000000${id}`,
    fileName: name,
    docType: name.split('.').pop() ?? '',
    size: 10,
    description: '',
    creatorName: 'Jane Doe',
    createdOn: '2026-11-22T10:00:00.000Z',
  };
}

/** The size limit of 1 MB, and POST upload/file answered by `reply`. */
function uploadApi(reply: (call: RecordedCall) => StubAnswer | Promise<StubAnswer>) {
  const calls = stubApi([
    { method: 'GET', path: '/upload/fileMetaData/', reply: { body: { maxFileSize: 1 } } },
    { method: 'POST', path: '/upload/file', reply },
  ]);
  stubXhrThroughFetch();
  return calls;
}

function renderQueue(language: 'en' | 'fr' = 'en') {
  const onUploaded = vi.fn();
  const view = renderComponent(<UploadQueue onUploaded={onUploaded} />, {
    userData: buildUserData({ language }),
    language,
  });
  return { ...view, onUploaded };
}

const item = (index: number) => screen.getByTestId(`upload-item-${index}`);

describe('UploadQueue', () => {
  it('checks each file as it is queued and sends only the valid ones, with the XSRF header', async () => {
    setXsrfCookie('token-1');
    const calls = uploadApi((call) => {
      const sent = (call.body as FormData).get('file') as File;
      return { body: { files: [uploaded(sent.name)] } };
    });
    const { user, onUploaded } = renderQueue();
    const input = await screen.findByTestId('upload-input');

    await user.upload(input, [
      file('virus.exe', 10),
      file('empty.txt', 0, 'text/plain'),
      file('huge.pdf', MB + 1),
      file('invoice-copy.PDF', 2048),
    ]);

    expect(await screen.findByTestId('upload-error-0')).toHaveTextContent(
      'virus.exe contains invalid file extension.',
    );
    expect(screen.getByTestId('upload-error-1')).toHaveTextContent(
      'empty.txt is not allowed to upload as the file is empty',
    );
    expect(screen.getByTestId('upload-error-2')).toHaveTextContent('huge.pdf is not allowed, exceeds 1 Mb');
    expect(item(3)).toHaveAttribute('data-status', 'pending');
    expect(screen.queryByTestId('upload-error-3')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('upload-start'));

    await waitFor(() => expect(item(3)).toHaveAttribute('data-status', 'done'));
    const posts = calls.filter((call) => call.path === '/upload/file');
    expect(posts).toHaveLength(1);
    expect(((posts[0]!.body as FormData).get('file') as File).name).toBe('invoice-copy.PDF');
    expect(posts[0]!.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    expect(onUploaded).toHaveBeenCalledWith([uploaded('invoice-copy.PDF')]);
    const bar = within(screen.getByTestId('upload-progress-3')).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    // The refused files were never sent and keep their errors.
    expect(item(0)).toHaveAttribute('data-status', 'invalid');
  });

  it('shows the upload progress of a file while the server has not answered', async () => {
    let answer: (reply: StubAnswer) => void = () => {};
    uploadApi(() => new Promise<StubAnswer>((resolve) => (answer = resolve)));
    const { user } = renderQueue();
    await user.upload(await screen.findByTestId('upload-input'), [file('receipt.jpg', 4000, 'image/jpeg')]);
    await user.click(screen.getByTestId('upload-start'));

    const progress = await screen.findByTestId('upload-progress-0');
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(item(0)).toHaveAttribute('data-status', 'uploading');

    answer({ body: { files: [uploaded('receipt.jpg')] } });
    await waitFor(() => expect(item(0)).toHaveAttribute('data-status', 'done'));
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('holds at most 10 files and says so', async () => {
    uploadApi(() => ({ status: 500 }));
    const { user } = renderQueue();
    const files = Array.from({ length: 11 }, (_, index) => file(`scan-${index + 1}.pdf`, 100));
    await user.upload(await screen.findByTestId('upload-input'), files);

    expect(await screen.findByTestId('upload-queue-error')).toHaveTextContent(
      'At most 10 files can be uploaded at once.',
    );
    expect(screen.getByTestId('upload-item-9')).toHaveTextContent('scan-10.pdf');
    expect(screen.queryByTestId('upload-item-10')).not.toBeInTheDocument();
    expect(screen.queryByText('scan-11.pdf')).not.toBeInTheDocument();
  });

  it('says there is nothing to upload, and shows the server refusal or the unknown error next to each file', async () => {
    const calls = uploadApi((call) => {
      const sent = (call.body as FormData).get('file') as File;
      return sent.name === 'fake.pdf'
        ? {
            status: 400,
            body: errorBody(
              400,
              'UPLOAD_CONTENT_MISMATCH',
              'fake.pdf does not contain what its extension says.',
            ),
          }
        : { status: 502, body: '' };
    });
    const { user, onUploaded } = renderQueue('fr');
    await user.click(await screen.findByTestId('upload-start'));
    expect(await screen.findByTestId('upload-queue-error')).toHaveTextContent('Aucun fichier à envoyer');
    expect(calls.filter((call) => call.path === '/upload/file')).toHaveLength(0);

    await user.upload(screen.getByTestId('upload-input'), [
      file('fake.pdf', 50),
      file('notes.txt', 50, 'text/plain'),
    ]);
    await user.click(screen.getByTestId('upload-start'));

    expect(await screen.findByTestId('upload-error-0')).toHaveTextContent(
      'fake.pdf ne contient pas ce que son extension annonce.',
    );
    expect(await screen.findByTestId('upload-error-1')).toHaveTextContent(
      'Une erreur inconnue est survenue lors de l’envoi',
    );
    expect(item(0)).toHaveAttribute('data-status', 'failed');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('signs the user out when the session ended during an upload, as any other call does', async () => {
    uploadApi(() => ({ status: 401, body: errorBody(401, 'SESSION_EXPIRED', 'Your session has expired') }));
    const { user } = renderQueue();
    await user.upload(await screen.findByTestId('upload-input'), [file('scan.pdf', 100)]);
    await user.click(screen.getByTestId('upload-start'));
    await waitFor(() => expect(localStorage.getItem('userData')).toBeNull());
  });
});
