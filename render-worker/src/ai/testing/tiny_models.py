"""Builds two tiny ONNX image models for the tests (no weights are downloaded or bundled).

remove_bg.onnx: a salient-object layout, 1x3x64x64 float in, 1x1x64x64 mask out. The mask is
sigmoid(10 * red), with the red channel ImageNet-normalised: red subjects are foreground.
upscale.onnx: a super-resolution layout, 1x3xHxW in (symbolic size), 1x3x2Hx2W out (nearest 2x).

Usage: python tiny_models.py OUT_DIR
"""

import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def remove_bg() -> onnx.ModelProto:
    weight = numpy_helper.from_array(np.array([10, 0, 0], dtype=np.float32).reshape(1, 3, 1, 1), "w")
    bias = numpy_helper.from_array(np.zeros(1, dtype=np.float32), "b")
    graph = helper.make_graph(
        [
            helper.make_node("Conv", ["input", "w", "b"], ["logits"]),
            helper.make_node("Sigmoid", ["logits"], ["mask"]),
        ],
        "tiny_remove_bg",
        [helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, 3, 64, 64])],
        [helper.make_tensor_value_info("mask", TensorProto.FLOAT, [1, 1, 64, 64])],
        [weight, bias],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def upscale() -> onnx.ModelProto:
    scales = numpy_helper.from_array(np.array([1, 1, 2, 2], dtype=np.float32), "scales")
    graph = helper.make_graph(
        [helper.make_node("Resize", ["image", "", "scales"], ["upscaled"], mode="nearest")],
        "tiny_upscale",
        [helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 3, "height", "width"])],
        [helper.make_tensor_value_info("upscaled", TensorProto.FLOAT, [1, 3, "out_height", "out_width"])],
        [scales],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


if __name__ == "__main__":
    out = sys.argv[1]
    for name, model in (("remove_bg", remove_bg()), ("upscale", upscale())):
        model.ir_version = 8
        onnx.checker.check_model(model)
        onnx.save(model, f"{out}/{name}.onnx")
