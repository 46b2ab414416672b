/**
 * Planning: {@link dev.orchestrator.engine.plan.RoutePlanner} turns a model name and a request's
 * needs into a ranked {@link dev.orchestrator.engine.plan.Plan}, and {@link
 * dev.orchestrator.engine.plan.TierGuard} keeps free requests off priced routes.
 */
package dev.orchestrator.engine.plan;
