// A runtime that spells its dispatch its own way: case labels on `Kind::` (an alias of the node
// union) and a REGISTER_NODE(Name) macro. Test data for runtime-check --source with --case-prefix
// Kind:: and --macro REGISTER_NODE, against tiny_runtime.fbs: XNNExtra is missing, XNNGhost is not a
// member.
#define REGISTER_NODE(name) registry.add(Kind::XNN##name, &define##name)

void register_nodes(Registry& registry) {
  REGISTER_NODE(Add);
  REGISTER_NODE( Ghost );
}

int fallback(Kind kind) {
  switch (kind) {
    case Kind::XNNSoftmax:
      return 1;
    case XNodeUnion::XNNExtra:  // the default prefix: not read with --case-prefix Kind::
      return 2;
    default:
      return 0;
  }
}
