/**
 * What an answer cost and what each client has spent: {@link
 * dev.orchestrator.engine.cost.CostCalculator} turns the serving route's usage and catalog prices
 * into USD, the one place this arithmetic lives (docs/design.md §8); {@link
 * dev.orchestrator.engine.cost.SpendStore} is where spend is counted per client and UTC day/month
 * (locally in {@code serve}, shared by a fleet in {@code health-redis}; ADR 0022).
 */
package dev.orchestrator.engine.cost;
