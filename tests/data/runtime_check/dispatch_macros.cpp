// A node dispatch in the style of ExecuTorch's XNNPACK runtime: one _DEFINE(Name) per member, the
// macro expanding to a case label. Test data for runtime-check --source: covers every member of the
// v1.5.0-dev runtime schema. The #define lines (continued over several lines) must not count, nor
// the other macro whose body mentions _DEFINE.
#include "runtime_schema_generated.h"

#define _DEFINE(name)                     \
  case fb_xnnpack::XNodeUnion::XNN##name: \
    return &define##name##Node;

#define _DEFINE_NOTHING_REAL       \
  _DEFINE(Imaginary)              \
  case XNodeUnion::XNNPhantom:

DefineNodeFunc getDefineNodeFunc(fb_xnnpack::XNodeUnion nodeType) {
  switch (nodeType) {
    _DEFINE(Add)
    _DEFINE(FullyConnected)
    _DEFINE(Softmax)
    _DEFINE(Sigmoid)
    _DEFINE(StaticTranspose)
    _DEFINE(Clamp)
    _DEFINE(Conv2d)
    _DEFINE(Div)
    _DEFINE(StaticResizeBilinear2D)
    _DEFINE(StaticConstantPad)
    _DEFINE(AvgPooling2d)
    _DEFINE(Minimum)
    _DEFINE(DepthwiseConv2d)
    _DEFINE(MaxPooling2d)
    _DEFINE(Multiply)
    _DEFINE(Subtract)
    _DEFINE(Floor)
    _DEFINE(Convert)
    _DEFINE(GlobalAvgPooling2d)
    _DEFINE(StaticReshape)
    _DEFINE(ArgMaxPooling2d)
    _DEFINE(SquareRoot)
    _DEFINE(Ceiling)
    _DEFINE(Hardswish)
    _DEFINE(LeakyReLU)
    _DEFINE(Maximum)
    _DEFINE(Negate)
    _DEFINE(Square)
    _DEFINE(ELU)
    _DEFINE(Abs)
    _DEFINE(PReLU)
    _DEFINE(Concatenate2)
    _DEFINE(Concatenate3)
    _DEFINE(Concatenate4)
    _DEFINE(StaticSlice)
    _DEFINE(ScaledDotProductAttention)
    _DEFINE(BatchMatrixMultiply)
    _DEFINE(Concatenate5)
    _DEFINE(ConvTranspose2d)
    _DEFINE(ReciprocalSquareRoot)
    _DEFINE(Log)
    _DEFINE(Gelu)
    _DEFINE(Tanh)
    _DEFINE(Exp)
    _DEFINE(Sin)
    _DEFINE(Copy)
    _DEFINE(Cos)
    _DEFINE(DepthToSpace2d)
    case fb_xnnpack::XNodeUnion::NONE:
    default:  // Unknown node type
      return &defineNotImplementedNode;
  }
}

#undef _DEFINE
