/**
 * The status page's Atom feed (RFC 4287): one entry per incident, updated when it is resolved,
 * so a feed reader shows an incident when it opens and again when it is over.
 */
import type { StatusReport } from '@contract/status';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // Characters XML 1.0 does not allow are dropped.
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) continue;
    out += XML_ESCAPES[char] ?? char;
  }
  return out;
}

export function statusFeed(
  report: StatusReport,
  links: { feedUrl: string; pageUrl: string },
): string {
  const updated = report.incidents.reduce(
    (latest, incident) => {
      const at = incident.resolved_at ?? incident.started_at;
      return at > latest ? at : latest;
    },
    report.incidents.length ? '' : report.generated_at,
  );
  const entries = report.incidents.map((incident) => {
    const at = incident.resolved_at ?? incident.started_at;
    return [
      '  <entry>',
      `    <id>urn:uuid:${escapeXml(incident.id)}</id>`,
      `    <title>${escapeXml(incident.title)}</title>`,
      `    <updated>${escapeXml(at)}</updated>`,
      `    <published>${escapeXml(incident.started_at)}</published>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(links.pageUrl)}"/>`,
      `    <category term="${escapeXml(incident.component)}"/>`,
      `    <summary type="text">${escapeXml(incident.message)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    '  <title>VisionAPI status: incidents</title>',
    `  <id>${escapeXml(links.feedUrl)}</id>`,
    `  <updated>${escapeXml(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(links.feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(links.pageUrl)}"/>`,
    '  <author><name>VisionAPI</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
