import { Box, Center, Loader, VisuallyHidden } from '@mantine/core';
import type { TInvoiceStatus } from '@settle/shared/invoices';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvoiceDocument } from '../api/get-invoice-document';
import { VIEWER_AREA_MAX_HEIGHT } from '../lib/viewer-config';

const frameStyle = { border: 0, width: '100%', height: '100%', display: 'block' } as const;

function FrameBox({ loading, children }: { loading: boolean; children: ReactNode }) {
  const { t } = useTranslation('documents');
  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0, maxHeight: VIEWER_AREA_MAX_HEIGHT }}>
      {children}
      {loading && (
        <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          <Loader data-testid="viewer-spinner" />
          <VisuallyHidden role="status">{t('loading')}</VisuallyHidden>
        </Center>
      )}
    </Box>
  );
}

/**
 * The spec's HTML variant: the document in a frame, shown by the browser's own viewer (its
 * paging, zoom, download and print). The file is fetched, then framed as a blob: address:
 * - the server's refusals arrive as headers, which a frame cannot read; fetched, they get
 *   the same translated alert as the PDF mode;
 * - the API answers with `frame-ancestors 'none'`, so Chromium refuses to frame the
 *   document address itself; a blob: document is the page's own and `frame-src blob:` allows it.
 * Where the browser's PDF viewer is turned off, the browser downloads the file instead.
 */
export function HtmlDocumentFrame({
  invNos,
  invStatus,
  onError,
}: {
  invNos: string[];
  invStatus: TInvoiceStatus;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('documents');
  const document = useInvoiceDocument({ invNos, invStatus });
  const [src, setSrc] = useState<string>();
  const [loaded, setLoaded] = useState(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    if (document.error) onErrorRef.current(document.error);
  }, [document.error]);

  const file = document.data;
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file.blob);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <FrameBox loading={!src || !loaded}>
      {src && (
        <iframe
          src={src}
          title={t('documentFrame')}
          data-testid="viewer-frame"
          style={frameStyle}
          onLoad={() => setLoaded(true)}
        />
      )}
    </FrameBox>
  );
}

/**
 * The spec's external variant: a form posted into the frame, to the external content address
 * of the configuration (viewer.externalUrl), with the invoice numbers (invNo, repeated) and
 * the status. The CSP's form-action and frame-src must then name that address's origin.
 */
export function ExternalDocumentFrame({
  invNos,
  invStatus,
  externalUrl,
}: {
  invNos: string[];
  invStatus: TInvoiceStatus;
  externalUrl: string;
}) {
  const { t } = useTranslation('documents');
  const frameName = `invoice-document-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    submitted.current = true;
    formRef.current?.submit();
  }, []);

  return (
    <FrameBox loading={loading}>
      <form
        ref={formRef}
        method="post"
        action={externalUrl}
        target={frameName}
        data-testid="viewer-external-form"
        hidden
      >
        <input type="hidden" name="invStatus" value={invStatus} />
        {[...new Set(invNos)].map((invNo) => (
          <input key={invNo} type="hidden" name="invNo" value={invNo} />
        ))}
      </form>
      <iframe
        name={frameName}
        title={t('documentFrame')}
        data-testid="viewer-frame"
        style={frameStyle}
        // The empty frame loads before the form is posted; only the posted answer ends the wait.
        onLoad={() => {
          if (submitted.current) setLoading(false);
        }}
      />
    </FrameBox>
  );
}
