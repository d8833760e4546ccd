import { PDFDocument } from 'pdf-lib';
import { renderCertificate, renderCertificateLayout, type CertificateLayout } from '../certificate/pdf';
import type { CertificateFacts } from '../certificate/facts';
import { scanPdf, type DecodeBounds } from './bounds';
import type { LetterData } from './letter';
import { mergeToPdf, renderLetter, type MergeItem, type Signed } from './pdf';

/**
 * The work that decodes or draws documents, run in a worker thread of the pool (heavy.ts), never on the event loop
 * that answers requests: measuring an uploaded PDF, merging the archive, drawing the letter and the certificate.
 */
export type HeavyTask =
  | { op: 'inspectPdf'; bytes: Uint8Array; bounds: Pick<DecodeBounds, 'maxInflatedBytes' | 'maxPdfPages'> }
  | { op: 'merge'; items: MergeItem[]; title: string }
  | { op: 'letter'; data: LetterData; signed?: Signed }
  | { op: 'certificate'; facts: CertificateFacts }
  /** A certificate drawn from its layout (the unit's 单位缴存证明, business/units/gj0209.ts). */
  | { op: 'certificateLayout'; layout: CertificateLayout };

/** What measuring a PDF found: its pages, or why it is refused. */
export type PdfInspection = { ok: true; pages: number } | { ok: false; reason: 'inflate' | 'pages' | 'bad' };

/** Measures first (bounded inflation, page objects), and only then lets pdf-lib build the document to count pages. */
export async function inspectPdf(bytes: Uint8Array, bounds: Pick<DecodeBounds, 'maxInflatedBytes' | 'maxPdfPages'>): Promise<PdfInspection> {
  const scan = scanPdf(bytes, bounds.maxInflatedBytes);
  if (scan.inflated === null) return { ok: false, reason: 'inflate' };
  if (scan.pageObjects > bounds.maxPdfPages) return { ok: false, reason: 'pages' };
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = doc.getPageCount();
    return pages > bounds.maxPdfPages ? { ok: false, reason: 'pages' } : { ok: true, pages };
  } catch {
    return { ok: false, reason: 'bad' };
  }
}

export default async function run(task: HeavyTask): Promise<Uint8Array | PdfInspection> {
  switch (task.op) {
    case 'inspectPdf':
      return inspectPdf(task.bytes, task.bounds);
    case 'merge':
      return mergeToPdf(task.items, task.title);
    case 'letter':
      return renderLetter(task.data, task.signed);
    case 'certificate':
      return renderCertificate(task.facts);
    case 'certificateLayout':
      return renderCertificateLayout(task.layout);
  }
}
