import type { SwaggerTransformObject } from '@fastify/swagger';
import {
  accessTokenSchema,
  apiErrorSchema,
  deletedCountSchema,
  identityUserSchema,
  modifiedCountSchema,
  orderCreatedSchema,
  orderLineSchema,
  orderModifiedSchema,
  orderSchema,
  paymentIntentSchema,
  paymentsConfigSchema,
  priceBreakSchema,
  productCreatedSchema,
  productDeletedSchema,
  productOpenOrdersSchema,
  productSchema,
  productUpdatedSchema,
  profileUpdatedSchema,
  reviewCreatedSchema,
  reviewSchema,
  shipmentSchema,
  specSchema,
  testCardResultSchema,
  uploadResultSchema,
  userSchema,
} from '@shop/shared';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * The names of the OpenAPI document's component schemas. Each shared schema below is registered
 * in zod's global registry with its name, here on the server and never in packages/shared, so
 * the browser bundle, which imports the same schemas, carries neither the names nor the
 * registry. fastify-type-provider-zod then writes `$ref: '#/components/schemas/Order'` wherever
 * a route's schema holds one of them, and `jsonSchemaTransformObject` writes the components.
 */
export const NAMED_SCHEMAS = {
  ApiError: apiErrorSchema,
  Product: productSchema,
  Spec: specSchema,
  PriceBreak: priceBreakSchema,
  ProductCreated: productCreatedSchema,
  ProductUpdated: productUpdatedSchema,
  ProductDeleted: productDeletedSchema,
  ProductOpenOrders: productOpenOrdersSchema,
  Review: reviewSchema,
  ReviewCreated: reviewCreatedSchema,
  User: userSchema,
  AccessToken: accessTokenSchema,
  ProfileUpdated: profileUpdatedSchema,
  Order: orderSchema,
  OrderLine: orderLineSchema,
  Shipment: shipmentSchema,
  OrderCreated: orderCreatedSchema,
  OrderModified: orderModifiedSchema,
  DeletedCount: deletedCountSchema,
  ModifiedCount: modifiedCountSchema,
  PaymentsConfig: paymentsConfigSchema,
  PaymentIntent: paymentIntentSchema,
  TestCardResult: testCardResultSchema,
  UploadResult: uploadResultSchema,
  IdentityUser: identityUserSchema,
} as const satisfies Record<string, z.ZodType>;

// Once per process; the metadata a schema already has (a description) is kept.
for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

type JsonValue = unknown;
type Document = ReturnType<SwaggerTransformObject>;

/** Every `#/components/schemas/X` that `value` refers to, directly. */
function refsIn(value: JsonValue, found: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const name = /^#\/components\/schemas\/(.+)$/.exec(child)?.[1];
        if (name) found.add(name);
      } else {
        refsIn(child, found);
      }
    }
  }
  return found;
}

/**
 * The document with only the component schemas something refers to. The type provider writes
 * each named schema twice, as an answer (`Order`) and as a request body (`OrderInput`); the
 * input form of an answer-only schema is referred to by nothing.
 */
export function withUsedSchemasOnly(document: Document): Document {
  const { components, ...rest } = document as Document & {
    components?: { schemas?: Record<string, JsonValue> };
  };
  const schemas = components?.schemas ?? {};
  const used = refsIn(rest, new Set());
  // Schemas refer to others (an order to its lines): follow them until nothing new appears.
  for (let pending = [...used]; pending.length > 0;) {
    const next = refsIn(
      pending.map((name) => schemas[name]),
      new Set(),
    );
    pending = [...next].filter((name) => !used.has(name));
    for (const name of pending) used.add(name);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...rest, components: { ...components, schemas: kept } } as Document;
}

/** The swagger `transformObject` part that writes the named components. */
export const withNamedSchemas: SwaggerTransformObject = jsonSchemaTransformObject;
