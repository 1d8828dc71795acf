"""Builds two tiny ONNX image models for the tests (no weights are downloaded or bundled).

remove_bg.onnx: a salient-object layout, 1x3x64x64 float in, 1x1x64x64 mask out. The mask is
sigmoid(10 * red), with the red channel ImageNet-normalised: red subjects are foreground.
upscale.onnx: a super-resolution layout, 1x3xHxW in (symbolic size), 1x3x2Hx2W out (nearest 2x).
detector.onnx: a YOLO-style detector layout, 1x3x64x64 in, 1x(4+2)x64 out: 64 candidates, one per
8x8 cell, each with its cell's box (cx, cy, w, h in input pixels) and two class scores, "person"
(how red the cell is) and "dog" (how blue).

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


def detector() -> onnx.ModelProto:
    # Class maps: red minus the other channels (person), blue minus the others (dog), ImageNet-normalised
    # input; the biases keep a grey background below 0.5.
    weight = numpy_helper.from_array(np.array([[4, -2, -2], [-2, -2, 4]], dtype=np.float32).reshape(2, 3, 1, 1), "w")
    bias = numpy_helper.from_array(np.array([-1, -3], dtype=np.float32), "b")
    cells = np.arange(8, dtype=np.float32) * 8 + 4
    cy, cx = np.meshgrid(cells, cells, indexing="ij")
    boxes = np.stack([cx.ravel(), cy.ravel(), np.full(64, 8.0, np.float32), np.full(64, 8.0, np.float32)]).astype(np.float32)
    graph = helper.make_graph(
        [
            helper.make_node("Conv", ["images", "w", "b"], ["maps"]),
            helper.make_node("AveragePool", ["maps"], ["pooled"], kernel_shape=[8, 8], strides=[8, 8]),
            helper.make_node("Reshape", ["pooled", "flat_shape"], ["flat"]),
            helper.make_node("Sigmoid", ["flat"], ["scores"]),
            helper.make_node("Concat", ["boxes", "scores"], ["output0"], axis=1),
        ],
        "tiny_detector",
        [helper.make_tensor_value_info("images", TensorProto.FLOAT, [1, 3, 64, 64])],
        [helper.make_tensor_value_info("output0", TensorProto.FLOAT, [1, 6, 64])],
        [
            weight,
            bias,
            numpy_helper.from_array(np.array([1, 2, 64], dtype=np.int64), "flat_shape"),
            numpy_helper.from_array(boxes.reshape(1, 4, 64), "boxes"),
        ],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


if __name__ == "__main__":
    out = sys.argv[1]
    for name, model in (("remove_bg", remove_bg()), ("upscale", upscale()), ("detector", detector())):
        model.ir_version = 8
        onnx.checker.check_model(model)
        onnx.save(model, f"{out}/{name}.onnx")
