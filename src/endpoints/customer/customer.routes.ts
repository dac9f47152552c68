/**
 * The consent flow's holder endpoints (docs/api.md, "Customer search and identity"): the platform
 * finds the customer by the email address the person typed, then asks for their identity to
 * issue its ID token. `AUTH_CUSTOMER_ENDPOINTS=false` leaves both out (a holder with its own
 * identity provider), and so does a layout in which no core serves them: each route exists only
 * when a core implements its port method.
 */
import { CONTRACTS_BASE, refOf } from '../../../contracts';
import { parseCustomerSearchBody } from '../../routes/parameters';
import {
  type DeclaredRoute,
  type FamilyDefaults,
  familyRoutes,
  type RouteContext,
  type RouteSpec,
} from '../../routes/route-spec';

/** What every consent-flow route is. */
const CONSENT_FLOW: FamilyDefaults = { family: 'v1', tags: ['Consent flow'], auth: 'holder' };
import { CustomerService } from './customer.service';

/** The search route over a service. */
function searchRoute(customers: CustomerService): DeclaredRoute {
  return {
    operationId: 'searchCustomers',
    method: 'POST',
    path: '/auth/v1/customer/search',
    summary: 'Customers an email address belongs to (consent flow)',
    // The consent flow runs while the customer signs in: the tier of customer data.
    tier: 'highPriority',
    // Every core of customers that can search is asked: any of them failing fails the search.
    familiesAsked: ['banking', 'energy', 'common', 'fdx'],
    // No core family: every core that serves customers is asked, and never passed through.
    query: [],
    body: 'json',
    requestSchema: { $ref: `${CONTRACTS_BASE}requests.json#/$defs/CustomerSearchBody` },
    response: { $ref: refOf('envelopes', 'CustomerSearchResponse') },
    responses: {
      429: {
        description:
          'More searches under way on this instance than CUSTOMER_SEARCH_MAX_IN_FLIGHT; see Retry-After',
        schema: { $ref: refOf('envelopes', 'ErrorV1') },
      },
    },
    handle: async ({ body, ctx }) => ({
      body: await customers.customersByEmail(parseCustomerSearchBody(body), ctx),
    }),
  };
}

/** The identity route over a service. */
function identityRoute(customers: CustomerService): DeclaredRoute {
  return {
    operationId: 'getCustomerIdentity',
    method: 'GET',
    path: '/auth/v1/customer/{customerId}',
    summary: "The customer's identity claims (consent flow)",
    tier: 'highPriority',
    // The core serving common first, then, for a customer it does not know or cannot identify,
    // the other cores of customers in turn: any of them may be asked.
    familiesAsked: ['banking', 'energy', 'common', 'fdx'],
    // No core family: the identity comes from the first core that gives one (src/core-call/fan-out).
    query: [],
    response: { $ref: refOf('customer-identity') },
    responses: {
      422: {
        description:
          'A core knows the customer but none holds an identity for it (no email address): `Customer cannot be identified`',
        schema: { $ref: refOf('envelopes', 'ErrorV1') },
      },
    },
    handle: async ({ params, ctx }) => ({
      body: await customers.customerIdentity(params.customerId!, ctx),
    }),
  };
}

/** The consent-flow family: the routes whose port method some core implements. */
export function customerFamily(ctx: RouteContext): RouteSpec[] {
  if (!ctx.config.authCustomerEndpoints) return [];
  const port = ctx.adapter.customer;
  const customers = new CustomerService(port, ctx.config.customerSearchMaxInFlight);
  return familyRoutes(CONSENT_FLOW, [
    ...(port.searchCustomersByEmail ? [searchRoute(customers)] : []),
    ...(port.getCustomerIdentity ? [identityRoute(customers)] : []),
  ]);
}
