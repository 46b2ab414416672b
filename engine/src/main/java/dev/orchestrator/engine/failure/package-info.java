/**
 * The typed failure vocabulary: {@link dev.orchestrator.engine.failure.FailureCategory} (facts, no
 * policy) and {@link dev.orchestrator.engine.failure.ProviderFailure}, the verdict computed once at
 * the provider boundary that every engine decision reads.
 */
package dev.orchestrator.engine.failure;
