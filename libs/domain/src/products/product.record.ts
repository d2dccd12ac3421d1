/**
 * A product (issue 31; ../shared/RECORDS.md "product"), a record of the engine
 * (docs/decisions/039): `/v1/products`, GraphQL's `Product`, `product.create` /
 * `product.update`. What configuration items are typically instances of: its brand, model and
 * category, the service that includes it, who supplies and pays for it, how it depreciates.
 */
import { CATALOGUE_WRITERS } from '../catalogue/catalogue-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';

const { all: ALL, listed: LISTED } = FACETS;

const DEPRECIATION_METHODS = ['not_depreciated', 'double_declining_balance', 'reducing_balance', 'straight_line', 'sum_of_the_years_digits'] as const;

export const PRODUCT = defineRecord({
  noun: 'product',
  fields: {
    name: { type: 'text', max: 128, write: 'change', required: true, description: 'Name', collection: ALL },
    brand: { type: 'text', max: 128, write: 'change', required: true, description: 'Brand, typically the manufacturer', collection: LISTED },
    model: { type: 'text', max: 128, write: 'change', required: true, description: 'Model', collection: LISTED },
    category: { type: 'text', max: 128, write: 'change', required: true, description: 'Product category', note: 'The reference of the category, e.g. software/browser_viewer_application', collection: ALL },
    product_id: { type: 'text', max: 128, write: 'change', description: "The manufacturer's identifier of the product", graphql: 'productID', collection: LISTED },
    service_id: { type: 'reference', target: 'Service', write: 'change', description: 'Service whose instances typically include the product', collection: LISTED },
    supplier_id: { type: 'reference', target: 'Organization', write: 'change', description: 'Organization from which the product is typically obtained', collection: LISTED },
    financial_owner_id: { type: 'reference', target: 'Organization', write: 'change', description: 'Organization whose budget typically pays for the product', collection: LISTED },
    support_team_id: { type: 'reference', target: 'Team', write: 'change', description: "Team that keeps the product's information in the CMDB", collection: LISTED },
    depreciation_method: { type: 'enum', values: DEPRECIATION_METHODS, write: 'change', description: 'How CIs based on the product are typically depreciated', collection: LISTED },
    useful_life: { type: 'integer', min: 1, max: 100, write: 'change', description: 'Years within which CIs based on the product are typically depreciated' },
    disabled: { type: 'boolean', write: 'change', nullable: false, description: 'Whether no new CI may be based on the product', note: 'Default: false', collection: LISTED },
    remarks: { type: 'text', max: 4000, write: 'change', description: 'Remarks' },
  },
  defaults: { disabled: false },
  writers: CATALOGUE_WRITERS,
  describe: {
    create: '`name`, `brand`, `model` and `category` are needed; the service, supplier, financial owner and support team must be records of the account; enabled by default. Fires product.create.',
    update: 'Every field of the product. Fires product.update; a change that changes nothing fires nothing.',
  },
});
