// A node dispatch written for the 1.4.1 runtime schema (type ids 1 to 47), in the style of a
// hand-written switch. Test data for runtime-check --source: it has no case for XNNDepthToSpace2d.
#include "runtime_schema_generated.h"

namespace runtime {

using DefineNodeFunc = int (*)(const void* node);

// Not a definition: case fb_xnnpack::XNodeUnion::XNNDepthToSpace2d: is only mentioned in this comment.
/* Nor here:
   case XNodeUnion::XNNDepthToSpace2d:
*/
static const char* kHelp = "case XNodeUnion::XNNDepthToSpace2d: is not supported";
static const char kQuote = '"';
static const long kBig = 1'000'000;

DefineNodeFunc node_definition(fb_xnnpack::XNodeUnion type) {
  switch (type) {
    case fb_xnnpack::XNodeUnion::XNNAdd:
      return &define_Add;
    case fb_xnnpack::XNodeUnion::XNNFullyConnected:
      return &define_FullyConnected;
    case fb_xnnpack::XNodeUnion::XNNSoftmax:
      return &define_Softmax;
    case fb_xnnpack::XNodeUnion::XNNSigmoid:
      return &define_Sigmoid;
    case fb_xnnpack::XNodeUnion::XNNStaticTranspose:
      return &define_StaticTranspose;
    case fb_xnnpack::XNodeUnion::XNNClamp:
      return &define_Clamp;
    case fb_xnnpack::XNodeUnion::XNNConv2d:
      return &define_Conv2d;
    case fb_xnnpack::XNodeUnion::XNNDiv:
      return &define_Div;
    case fb_xnnpack::XNodeUnion::XNNStaticResizeBilinear2D:
      return &define_StaticResizeBilinear2D;
    case fb_xnnpack::XNodeUnion::XNNStaticConstantPad:
      return &define_StaticConstantPad;
    case fb_xnnpack::XNodeUnion::XNNAvgPooling2d:
      return &define_AvgPooling2d;
    case fb_xnnpack::XNodeUnion::XNNMinimum:
      return &define_Minimum;
    case fb_xnnpack::XNodeUnion::XNNDepthwiseConv2d:
      return &define_DepthwiseConv2d;
    case fb_xnnpack::XNodeUnion::XNNMaxPooling2d:
      return &define_MaxPooling2d;
    case fb_xnnpack::XNodeUnion::XNNMultiply:
      return &define_Multiply;
    case fb_xnnpack::XNodeUnion::XNNSubtract:
      return &define_Subtract;
    case fb_xnnpack::XNodeUnion::XNNFloor:
      return &define_Floor;
    case fb_xnnpack::XNodeUnion::XNNConvert:
      return &define_Convert;
    case fb_xnnpack::XNodeUnion::XNNGlobalAvgPooling2d:
      return &define_GlobalAvgPooling2d;
    case fb_xnnpack::XNodeUnion::XNNStaticReshape:
      return &define_StaticReshape;
    case fb_xnnpack::XNodeUnion::XNNArgMaxPooling2d:
      return &define_ArgMaxPooling2d;
    case fb_xnnpack::XNodeUnion::XNNSquareRoot:
      return &define_SquareRoot;
    case fb_xnnpack::XNodeUnion::XNNCeiling:
      return &define_Ceiling;
    case fb_xnnpack::XNodeUnion::XNNHardswish:
      return &define_Hardswish;
    case fb_xnnpack::XNodeUnion::XNNLeakyReLU:
      return &define_LeakyReLU;
    case fb_xnnpack::XNodeUnion::XNNMaximum:
      return &define_Maximum;
    case fb_xnnpack::XNodeUnion::XNNNegate:
      return &define_Negate;
    case fb_xnnpack::XNodeUnion::XNNSquare:
      return &define_Square;
    case fb_xnnpack::XNodeUnion::XNNELU:
      return &define_ELU;
    case fb_xnnpack::XNodeUnion::XNNAbs:
      return &define_Abs;
    case fb_xnnpack::XNodeUnion::XNNPReLU:
      return &define_PReLU;
    case fb_xnnpack::XNodeUnion::XNNConcatenate2:
      return &define_Concatenate2;
    case fb_xnnpack::XNodeUnion::XNNConcatenate3:
      return &define_Concatenate3;
    case fb_xnnpack::XNodeUnion::XNNConcatenate4:
      return &define_Concatenate4;
    case fb_xnnpack::XNodeUnion::XNNStaticSlice:
      return &define_StaticSlice;
    case fb_xnnpack::XNodeUnion::XNNScaledDotProductAttention:
      return &define_ScaledDotProductAttention;
    case fb_xnnpack::XNodeUnion::XNNBatchMatrixMultiply:
      return &define_BatchMatrixMultiply;
    case fb_xnnpack::XNodeUnion::XNNConcatenate5:
      return &define_Concatenate5;
    case fb_xnnpack::XNodeUnion::XNNConvTranspose2d:
      return &define_ConvTranspose2d;
    case fb_xnnpack::XNodeUnion::XNNReciprocalSquareRoot:
      return &define_ReciprocalSquareRoot;
    case fb_xnnpack::XNodeUnion::XNNLog:
      return &define_Log;
    case fb_xnnpack::XNodeUnion::XNNGelu:
      return &define_Gelu;
    case fb_xnnpack::XNodeUnion::XNNTanh:
      return &define_Tanh;
    case fb_xnnpack::XNodeUnion::XNNExp:
      return &define_Exp;
    case fb_xnnpack::XNodeUnion::XNNSin:
      return &define_Sin;
    case fb_xnnpack::XNodeUnion::XNNCopy:
      return &define_Copy;
    case fb_xnnpack::XNodeUnion::XNNCos:
      return &define_Cos;
    case fb_xnnpack::XNodeUnion::NONE:
    default:
      return nullptr;
  }
}

}  // namespace runtime
