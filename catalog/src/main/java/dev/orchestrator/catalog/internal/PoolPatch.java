package dev.orchestrator.catalog.internal;

import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import java.util.List;

/** A pool as one source defines it, with where, to report unknown members. Immutable. */
final class PoolPatch {
  final String name;
  final PoolKind kind;
  final List<String> routes;
  // routes.get(i) sits at members.get(i), for error positions.
  final List<Value> members;

  PoolPatch(String name, PoolKind kind, List<String> routes, List<Value> members) {
    this.name = name;
    this.kind = kind;
    this.routes = List.copyOf(routes);
    this.members = List.copyOf(members);
  }

  Pool build() {
    return new Pool(name, kind, routes);
  }
}
