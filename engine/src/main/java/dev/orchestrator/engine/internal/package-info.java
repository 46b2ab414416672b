/**
 * The engine's one attempt path — admit, dispatch, report — shared by the failover loop, stream
 * continuation and preflight, the patterns both failure classifiers compile ({@link
 * dev.orchestrator.engine.internal.Regexes}), and the whole-file write the spend files and the
 * catalog cache use ({@link dev.orchestrator.engine.internal.AtomicFiles}). Public only so that the
 * engine's packages and the other modules of this project can share them; not an API for
 * applications, and it may change in any release.
 */
package dev.orchestrator.engine.internal;
