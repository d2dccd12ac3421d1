/**
 * A knowledge article (issue 31; ../shared/RECORDS.md "knowledge_article"), a record of the
 * engine (docs/decisions/039, 042): `/v1/knowledge_articles`, GraphQL's `KnowledgeArticle`,
 * `knowledge_article.create` / `knowledge_article.update`. What the service desk knows of a
 * service, for whom it is visible, and until when: at the start of its archive date it is
 * archived.
 */
import { CATALOGUE_WRITERS } from '../catalogue/catalogue-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { KNOWLEDGE_ARTICLE_READERS } from './knowledge-article-readers.js';

const { all: ALL, listed: LISTED } = FACETS;

const STATUSES = ['not_validated', 'work_in_progress', 'validated', 'archived'] as const;
/** Instructions and description: texts of up to 64 KB, as a webhook's description. */
const TEXT_MAX_BYTES = 65_535;
const SERVICE_INSTANCES_MAX = 1000;

const visibleTo = (who: string) =>
  ({ type: 'boolean', write: 'change', nullable: false, description: `Whether ${who} may read the article`, note: 'Default: true', collection: LISTED }) as const;

export const KNOWLEDGE_ARTICLE = defineRecord({
  noun: 'knowledge_article',
  fields: {
    subject: { type: 'text', max: 255, write: 'change', required: true, description: 'Subject', collection: ALL },
    service_id: { type: 'reference', target: 'Service', write: 'change', required: true, description: 'Service the article is about', collection: LISTED },
    instructions: { type: 'text', maxBytes: TEXT_MAX_BYTES, write: 'change', description: 'Instructions' },
    description: { type: 'text', maxBytes: TEXT_MAX_BYTES, write: 'change', description: 'Description' },
    status: {
      type: 'enum', values: STATUSES, write: 'change', nullable: false, description: 'Status',
      note: 'Default: not_validated; archived at the start of the archive date (UTC)', collection: ALL,
    },
    archive_date: { type: 'date', write: 'change', description: 'Day the article is archived', note: 'At the start of that day (UTC)', collection: ALL },
    keywords: { type: 'text', max: 2048, write: 'change', description: 'Keywords', collection: { default: true } },
    end_users: visibleTo('end users'),
    key_contacts: visibleTo('key contacts'),
    internal_specialists: visibleTo('specialists of the account'),
    covered_specialists: visibleTo('specialists of the accounts it covers'),
    service_instance_ids: {
      type: 'references', target: 'ServiceInstance', max: SERVICE_INSTANCES_MAX, write: 'change', description: 'Service instances the article applies to',
      note: 'Given, it replaces them, in the order given; default: none', collection: { default: true },
    },
  },
  defaults: { status: 'not_validated', end_users: true, key_contacts: true, internal_specialists: true, covered_specialists: true },
  links: { service_instance_ids: { table: 'knowledge_article_service_instances', self: 'knowledge_article_id', other: 'service_instance_id', position: 'self' } },
  timers: [{ field: 'archive_date', at: 'start', set: { status: 'archived' } }],
  writers: CATALOGUE_WRITERS,
  readers: KNOWLEDGE_ARTICLE_READERS,
  describe: {
    create:
      '`subject` and `service_id` (a service of the account) are needed; not validated and visible to all by default. ' +
      'An archive date already begun archives it at once, a later one at the start of that day (UTC). Fires knowledge_article.create.',
    update:
      'Subject, service, texts, status, archive date, keywords, visibility and service instances (`service_instance_ids` replaces them). ' +
      'Fires knowledge_article.update; a change that changes nothing fires nothing.',
  },
});
