console.log("claw-eval");
