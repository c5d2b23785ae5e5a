// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface IERC3009Receive {
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external;

    function transfer(address to, uint256 value) external returns (bool);
}

/// Deposit collector of the x402 `batch-settlement` scheme for EIP-3009 tokens (USDC): pulls a
/// deposit from the payer with receiveWithAuthorization (payee: this collector) and hands it to
/// the settlement contract, its only allowed caller. The authorization's nonce is
/// keccak256(abi.encode(channelId, salt)), so a signed deposit is bound to one channel; `data` is
/// abi.encode(validAfter, validBefore, salt, signature) as the x402 EVM package builds it.
contract ERC3009DepositCollector {
    address public immutable settlement;

    constructor(address settlement_) {
        settlement = settlement_;
    }

    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata data) external {
        require(msg.sender == settlement, "only the settlement contract collects");
        (uint256 validAfter, uint256 validBefore, uint256 salt, bytes memory signature) =
            abi.decode(data, (uint256, uint256, uint256, bytes));
        require(signature.length == 65, "signature must be 65 bytes");
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 32))
            s := mload(add(signature, 64))
            v := byte(0, mload(add(signature, 96)))
        }
        bytes32 nonce = keccak256(abi.encode(channelId, salt));
        IERC3009Receive(token).receiveWithAuthorization(
            payer, address(this), amount, validAfter, validBefore, nonce, v, r, s
        );
        require(IERC3009Receive(token).transfer(msg.sender, amount), "transfer to settlement failed");
    }
}
