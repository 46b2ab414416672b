/**
 * The engine's one attempt path — admit, dispatch, report — shared by the failover loop, stream
 * continuation and preflight, and the patterns both failure classifiers compile ({@link
 * dev.orchestrator.engine.internal.Regexes}). Public only so that the engine's packages and the
 * providers module can share them; not an API for applications, and it may change in any release.
 */
package dev.orchestrator.engine.internal;
