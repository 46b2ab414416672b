/**
 * What an answer cost: {@link dev.orchestrator.engine.cost.CostCalculator} turns the serving
 * route's usage and catalog prices into USD, the one place this arithmetic lives (docs/design.md
 * §8).
 */
package dev.orchestrator.engine.cost;
