import { Writable } from 'node:stream';
import type { SessionContext } from '../src/modules/auth/session.service';
import { type DocumentReader, documentReader } from '../src/modules/documents/document-texts';
import { createDocumentsService } from '../src/modules/documents/documents.service';
import { type InvoiceDocumentInput, renderInvoicesPdf } from '../src/modules/documents/invoice-pdf';
import { writeInvoicesXlsx } from '../src/modules/exports/invoice-xlsx';
import type { Services } from '../src/services';
import { describeTimes, timeIt } from './stats';

/** Samples heap and RSS while a task runs, to report the export's peak memory. */
async function withPeakMemory<T>(task: () => Promise<T>) {
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 50);
  try {
    const result = await task();
    return { result, before, peakHeap, peakRss };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

export async function benchExports(options: { services: Services; session: SessionContext }) {
  const prepared = await options.services.exports.prepare(
    options.session,
    { status: 'O', page: 1, pageSize: 50, sort: 'dueDate', dir: 'asc', scope: 'all' },
    'xlsx',
  );
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const started = performance.now();
  const measured = await withPeakMemory(() =>
    writeInvoicesXlsx(sink, {
      columns: prepared.columns,
      currencyCode: prepared.currencyCode,
      batches: prepared.batches(),
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Excel export of ${measured.result.rowCount} rows: ${(measured.result.rowCount / seconds).toFixed(0)} rows/s (${seconds.toFixed(1)} s, ${mb(bytes)} file); ` +
      `heap ${mb(measured.before.heapUsed)} before, peak ${mb(measured.peakHeap)}; RSS peak ${mb(measured.peakRss)}`,
  );
}

/**
 * The invoice document as the viewer asks for it (the invoices read and the PDF drained): a
 * first document (it pays for loading pdfkit and the fonts), then one invoice per document
 * `runs` times, then 50 invoices in one document; then the reads alone and the renderer alone.
 * The process's CPU per document is what a server pays for each, whatever else the shared
 * machine runs.
 */
export async function benchInvoicePdf(options: {
  services: Services;
  session: SessionContext;
  invNos: string[];
  runs: number;
}) {
  const documents = createDocumentsService({
    invoices: options.services.invoices,
    accounts: options.services.accounts,
  });
  const drain = async (invNos: string[]) => {
    const pdf = await documents.invoicePdf(options.session, { invNos });
    for await (const _chunk of pdf.document) {
      // consume the stream to the end
    }
  };
  // The first document loads pdfkit and parses the fonts: timed apart, so that the CPU per
  // document below is what every later one costs.
  const firstCpu = process.cpuUsage();
  const firstStarted = performance.now();
  await drain([options.invNos[0]!]);
  const firstUsed = process.cpuUsage(firstCpu);
  console.log(
    `invoice PDF, the process's first document: ${(performance.now() - firstStarted).toFixed(1)} ms, process CPU ${((firstUsed.user + firstUsed.system) / 1000).toFixed(1)} ms`,
  );
  const cpu = process.cpuUsage();
  const single = await timeIt(options.runs, (run) => drain([options.invNos[run % options.invNos.length]!]));
  const used = process.cpuUsage(cpu);
  console.log(
    `invoice PDF, one invoice with its lines: ${describeTimes(single)}; process CPU ${((used.user + used.system) / 1000 / options.runs).toFixed(2)} ms per document`,
  );
  const batch = options.invNos.slice(0, 50);
  const started = performance.now();
  await drain(batch);
  console.log(
    `invoice PDF of ${batch.length} invoices in one document: ${((performance.now() - started) / batch.length).toFixed(1)} ms per invoice`,
  );

  // The reads alone, as the service makes them (the customer, the invoice and its lines), then
  // the renderer alone on the same invoices read beforehand.
  const readCpu = process.cpuUsage();
  const read = await timeIt(options.runs, (run) =>
    readInvoiceInputs(options.services, options.session, [options.invNos[run % options.invNos.length]!]),
  );
  const readUsed = process.cpuUsage(readCpu);
  console.log(
    `  of which reading the invoice (no PDF): ${describeTimes(read)}; process CPU ${((readUsed.user + readUsed.system) / 1000 / options.runs).toFixed(2)} ms per document`,
  );
  const inputs = await readInvoiceInputs(options.services, options.session, batch);
  // The session's reader, as the service writes for it (the demo's demo.full: English, en-US).
  const sessionReader = documentReader(options.session.user);
  const render = async (documentInputs: InvoiceDocumentInput[], reader: DocumentReader = sessionReader) => {
    const document = await renderInvoicesPdf(documentInputs, {
      ...reader,
      sellerName: 'Northwind Receivables',
    });
    for await (const _chunk of document) {
      // consume the stream to the end
    }
  };
  const renderCpu = process.cpuUsage();
  const rendered = await timeIt(options.runs, (run) => render([inputs[run % inputs.length]!]));
  const renderUsed = process.cpuUsage(renderCpu);
  console.log(
    `  of which rendering the PDF (invoice read beforehand): ${describeTimes(rendered)}; process CPU ${((renderUsed.user + renderUsed.system) / 1000 / options.runs).toFixed(2)} ms per document`,
  );
  // The same invoices for a French reader (longer words, fr-FR formats).
  const french = { language: 'fr', locale: 'fr-FR' };
  const frenchCpu = process.cpuUsage();
  const renderedFrench = await timeIt(options.runs, (run) => render([inputs[run % inputs.length]!], french));
  const frenchUsed = process.cpuUsage(frenchCpu);
  console.log(
    `  rendering it for a French reader (fr, fr-FR): ${describeTimes(renderedFrench)}; process CPU ${((frenchUsed.user + frenchUsed.system) / 1000 / options.runs).toFixed(2)} ms per document`,
  );
  const renderStarted = performance.now();
  await render(inputs);
  console.log(
    `  rendering ${inputs.length} invoices in one document: ${((performance.now() - renderStarted) / inputs.length).toFixed(1)} ms per invoice`,
  );
}

/** The renderer's input for the session's current customer's invoices, as the documents service builds it. */
async function readInvoiceInputs(
  services: Services,
  session: SessionContext,
  invNos: string[],
): Promise<InvoiceDocumentInput[]> {
  const scope = await services.accounts.currentScope(session);
  const customer = scope!.customer;
  const currencyMap = await services.accounts.currencyMap();
  const details = await services.invoices.findDetails(session, { customerId: customer.id, invNos });
  const inputs: InvoiceDocumentInput[] = details.map((detail) => {
    const code = detail.invoice.tranCurrencyCode;
    return { detail, company: customer.company, currencySymbol: currencyMap[code] ?? `${code} ` };
  });
  return inputs;
}
