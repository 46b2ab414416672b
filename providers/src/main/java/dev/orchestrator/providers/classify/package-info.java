/**
 * The provider failure classifier: {@link dev.orchestrator.providers.classify.FailureClassifier}
 * turns {@link dev.orchestrator.providers.classify.FailureEvidence} (status, headers, body,
 * transport fault, whether output already streamed) into the engine's typed {@link
 * dev.orchestrator.engine.failure.ProviderFailure}, by an evidence-ordered table of rules
 * (docs/design.md §4, ADR 0003). {@link dev.orchestrator.providers.classify.Redactor} keeps secrets
 * out of every text that leaves this boundary; {@link
 * dev.orchestrator.providers.classify.FailureExplanations} words a failure for people.
 */
package dev.orchestrator.providers.classify;
