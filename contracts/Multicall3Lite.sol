// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The part of Multicall3 (same ABI) that the x402 EVM package uses to explain failed verifications.
/// The devnet places it at the canonical Multicall3 address, which a fresh anvil chain lacks.
contract Multicall3Lite {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls) public payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(success, "Multicall3: call failed");
            results[i] = Result(success, data);
        }
    }

    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(calls[i].allowFailure || success, "Multicall3: call failed");
            results[i] = Result(success, data);
        }
    }
}
