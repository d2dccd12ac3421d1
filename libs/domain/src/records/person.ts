export interface PersonRecord {
  id: number;
  accountId: string;
  name: string;
  primaryEmail: string;
  locale: string;
  organizationId: number | null;
  createdAt: Date;
  updatedAt: Date;
}
