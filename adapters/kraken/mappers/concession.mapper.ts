/**
 * Kraken concession cards → the interface's concessions. Kraken keeps concession cards on the
 * account user, not on an account: every energy account of the holder is served the holder's
 * current cards. A card carries no amount (the state scheme sets it on each bill), so each is a
 * `VARIABLE` concession applied to the invoice, from the card's issue to its expiry. The card
 * number is never served.
 */
import type { EnergyConcession } from '@data-holder-gateway/adapter-sdk';
import type { KrakenConcession } from './kraken.types';
import { dateOf, text } from './values';

function labelOf(cardType: string | null): string {
  if (!cardType) return 'Concession';
  const words = cardType.toLowerCase().split('_').join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} concession`;
}

/** The concession of a current card; null for a card no longer current or removed. */
export function toConcession(card: KrakenConcession): EnergyConcession | null {
  if (card.isCurrent !== true || card.removalDate) return null;
  return {
    displayName: text(card.cardLabel) ?? labelOf(card.cardType),
    type: 'VARIABLE',
    appliedTo: ['INVOICE'],
    ...(card.cardIssueDate ? { startDate: dateOf(card.cardIssueDate) } : {}),
    ...(card.cardExpiryDate ? { endDate: dateOf(card.cardExpiryDate) } : {}),
  };
}
