import { and, arrayContains, count, desc, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints, type Database } from '@bhasha/db';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every query of webhook endpoints and deliveries; each names the organisation it reads. */
export function createWebhooksRepository(db: Database) {
  return {
    listEndpoints(organisationId: string): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.organisationId, organisationId))
        .orderBy(webhookEndpoints.createdAt);
    },

    async countEndpoints(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.organisationId, organisationId));
      return row?.n ?? 0;
    },

    /** An endpoint, when it belongs to the organisation (null: none, or another's). */
    async findEndpoint(
      organisationId: string | null,
      endpointId: string,
    ): Promise<WebhookEndpointRow | null> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(
          organisationId
            ? and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, organisationId))
            : eq(webhookEndpoints.id, endpointId),
        )
        .limit(1);
      return row ?? null;
    },

    /** The organisation's active endpoints that subscribed to the event. */
    subscribers(organisationId: string, event: string): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.organisationId, organisationId),
            eq(webhookEndpoints.isActive, true),
            arrayContains(webhookEndpoints.events, [event]),
          ),
        );
    },

    async insertEndpoint(values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async updateEndpoint(
      organisationId: string,
      endpointId: string,
      values: Partial<Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'isActive' | 'updatedAt'>>,
    ): Promise<WebhookEndpointRow | null> {
      const [row] = await db
        .update(webhookEndpoints)
        .set(values)
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, organisationId)))
        .returning();
      return row ?? null;
    },

    async deleteEndpoint(organisationId: string, endpointId: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, organisationId)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    async insertDeliveries(
      values: Array<typeof webhookDeliveries.$inferInsert>,
    ): Promise<WebhookDeliveryRow[]> {
      if (values.length === 0) return [];
      return db.insert(webhookDeliveries).values(values).returning();
    },

    async findDelivery(deliveryId: string): Promise<WebhookDeliveryRow | null> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId))
        .limit(1);
      return row ?? null;
    },

    async recordAttempt(
      deliveryId: string,
      values: Pick<
        WebhookDeliveryRow,
        'status' | 'attempts' | 'responseStatus' | 'responseBody' | 'error' | 'nextAttemptAt' | 'deliveredAt'
      >,
    ): Promise<void> {
      await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, deliveryId));
    },

    async listDeliveries(
      organisationId: string,
      endpointId: string,
      page: { pageNumber: number; pageSize: number },
    ): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
      const where = and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.organisationId, organisationId),
      );
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(page.pageSize)
        .offset((page.pageNumber - 1) * page.pageSize);
      const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
