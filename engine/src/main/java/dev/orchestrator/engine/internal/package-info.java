/**
 * The engine's one attempt path — admit, dispatch, report — shared by the failover loop, stream
 * continuation and preflight. Public only so that the engine's packages can share it; not an API
 * for applications, and it may change in any release.
 */
package dev.orchestrator.engine.internal;
